import { getInputProps, getSelectProps } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useAppForm } from "~/components/useAppForm";
import type { FormResult } from "~/forms/parse";

/**
 * useAppForm (decision 034) renders what the server's reply holds, as Conform's prop getters read it. A field posted
 * more than once (tests/fuzz.test.ts sends such posts) comes back as a list: the form shows its first value, and
 * React gets a string (a list as a select's defaultValue is a warning, which fails a test here: tests/helpers/setup.ts).
 */
function Form({ lastResult }: { lastResult: FormResult }) {
  const [form, fields] = useAppForm(
    { country: { required: true }, phone: { required: true, maxLength: 20 } },
    { id: "f", lastResult },
  );
  return (
    <form id={form.id}>
      <select {...getSelectProps(fields.country)}>
        <option value="SY">Syria</option>
        <option value="LB">Lebanon</option>
      </select>
      <input {...getInputProps(fields.phone, { type: "tel" })} />
    </form>
  );
}

describe("useAppForm", () => {
  it("shows the first value of a field that was posted twice, and the reply's messages", () => {
    const html = renderToString(
      <Form
        lastResult={{
          status: "error",
          initialValue: { country: ["LB", "SY"], phone: ["0944", "0955"] },
          error: { phone: [{ key: "forms:errors.checkData" }] },
        }}
      />,
    );
    expect(html).toMatch(/<option value="LB" selected="">Lebanon<\/option>/);
    expect(html).toMatch(/<input[^>]*value="0944"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"/);
    expect(html).toMatch(/<input[^>]*maxLength="20"/);
  });
});
