import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  getFormProps as conformForm,
  getInputProps as conformInput,
  getSelectProps as conformSelect,
  getTextareaProps as conformTextarea,
} from "@conform-to/react";
import {
  formProps,
  inputProps,
  selectProps,
  textareaProps,
  useServerForm,
  type ServerField,
  type ServerForm,
} from "~/platform/forms/useServerForm";
import type { FormResult } from "~/platform/forms/parse";

/**
 * useServerForm (decision 034) renders what the server's reply holds, through our prop getters (decision 064). A field posted
 * more than once (tests/fuzz.test.ts sends such posts) comes back as a list: the form shows its first value, and
 * React gets a string (a list as a select's defaultValue is a warning, which fails a test here: tests/helpers/setup.ts).
 */
function Form({ lastResult }: { lastResult: FormResult }) {
  const [form, fields] = useServerForm(
    { country: { required: true }, phone: { required: true, maxLength: 20 } },
    { id: "f", lastResult },
  );
  return (
    <form id={form.id}>
      <select {...selectProps(fields.country)}>
        <option value="SY">Syria</option>
        <option value="LB">Lebanon</option>
      </select>
      <input {...inputProps(fields.phone, { type: "tel" })} />
    </form>
  );
}

describe("useServerForm", () => {
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

describe("the prop getters", () => {
  // Conform's getters (its helpers, which the pages used before decision 064) are the reference: the same metadata
  // gives the same attributes, so the pages' HTML is unchanged.
  const field = (over: Partial<ServerField>): ServerField => ({
    id: "f-x",
    name: "x",
    formId: "f",
    errorId: "f-x-error",
    descriptionId: "f-x-description",
    valid: true,
    ...over,
  });
  const wrong = { errors: [{ key: "forms:errors.required" }], valid: false };
  const cases: ServerField[] = [
    field({}),
    field({ initialValue: "شقة", required: true, minLength: 2, maxLength: 20 }),
    field({ ...wrong, initialValue: "on", pattern: "[0-9]+", min: 1, max: 9, step: 1 }),
    field({ ...wrong, required: true, multiple: true }),
  ];

  it("give what Conform's getters give for the same field", () => {
    for (const meta of cases) {
      const conform = meta as unknown as Parameters<typeof conformInput>[0];
      for (const hint of [undefined, "f-x-hint"]) {
        expect(inputProps(meta, { type: "text", ariaDescribedBy: hint })).toEqual(
          conformInput(conform, { type: "text", ariaDescribedBy: hint }),
        );
        expect(textareaProps(meta, { ariaDescribedBy: hint })).toEqual(conformTextarea(conform, { ariaDescribedBy: hint }));
      }
      expect(inputProps(meta, { type: "checkbox", value: "on" })).toEqual(
        conformInput(conform, { type: "checkbox", value: "on" }),
      );
      expect(inputProps(meta, { type: "hidden" })).toEqual(conformInput(conform, { type: "hidden" }));
      expect(selectProps(meta)).toEqual(conformSelect(conform));
    }
    const form: ServerForm = { id: "f", errorId: "f-error", descriptionId: "f-description", allErrors: {}, valid: true };
    for (const errors of [undefined, [{ key: "forms:errors.checkData" }]]) {
      const conform = { ...form, errors, noValidate: true } as unknown as Parameters<typeof conformForm>[0];
      expect(formProps({ ...form, errors })).toEqual(conformForm(conform));
    }
  });

  it("mark a field with Messages invalid and described by its error list and hint, in that order", () => {
    expect(inputProps(cases[2], { type: "text", ariaDescribedBy: "f-x-hint" })).toMatchObject({
      "aria-invalid": true,
      "aria-describedby": "f-x-error f-x-hint",
    });
  });
});
