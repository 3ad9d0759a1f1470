import { useActionData, useNavigation } from "@remix-run/react";
import { useEffect, type RefObject } from "react";
import { HONEYPOT_FIELD } from "~/platform/forms/honeypot";

type Fields = Record<string, string>;

const keyOf = (formId: string) => `draft:${formId}`;
const sentKey = (formId: string) => `draft-sent:${formId}`;

function readDraft(formId: string): Fields | null {
  try {
    const raw = window.localStorage.getItem(keyOf(formId));
    return raw ? (JSON.parse(raw) as Fields) : null;
  } catch {
    return null;
  }
}

function fieldsOf(form: HTMLFormElement): Fields {
  const out: Fields = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement))
      continue;
    if (!element.name || element.name === HONEYPOT_FIELD || element.type === "hidden" || element.type === "password") continue;
    if (element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox")) {
      if (element.checked) out[element.name] = element.value;
    } else {
      out[element.name] = element.value;
    }
  }
  return out;
}

/**
 * Keeps what is typed into a form in the browser: saved to localStorage on
 * every change, put back into empty fields when the page opens again, and forgotten after a successful post (the
 * action redirects, so the page comes back without action data). Without JavaScript nothing happens here; the server
 * keeps the values of a failed post.
 */
export function useDraft(formId: string, formRef: RefObject<HTMLFormElement>): void {
  const actionData = useActionData();
  const navigation = useNavigation();

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    // Opened right after a successful post (no action data): the draft was sent, forget it instead of restoring it.
    const justSent = window.sessionStorage.getItem(sentKey(formId)) !== null && !actionData;
    if (justSent) {
      window.sessionStorage.removeItem(sentKey(formId));
      window.localStorage.removeItem(keyOf(formId));
    }
    const draft = justSent ? null : readDraft(formId);
    if (draft) {
      for (const [name, value] of Object.entries(draft)) {
        const control = form.elements.namedItem(name);
        if (control instanceof RadioNodeList) {
          for (const radio of Array.from(control))
            if (radio instanceof HTMLInputElement && !form.querySelector(`[name="${name}"]:checked`))
              radio.checked = radio.value === value;
        } else if (
          control instanceof HTMLInputElement ||
          control instanceof HTMLTextAreaElement ||
          control instanceof HTMLSelectElement
        ) {
          if (!control.value) control.value = value;
        }
      }
    }
    const save = () => {
      try {
        window.localStorage.setItem(keyOf(formId), JSON.stringify(fieldsOf(form)));
      } catch {
        // Storage full or disabled: the server still keeps the values of a failed post.
      }
    };
    const sent = () => window.sessionStorage.setItem(sentKey(formId), "1");
    form.addEventListener("input", save);
    form.addEventListener("change", save);
    form.addEventListener("submit", sent);
    return () => {
      form.removeEventListener("input", save);
      form.removeEventListener("change", save);
      form.removeEventListener("submit", sent);
    };
    // Only when the form appears: later action data is handled by the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formId, formRef]);

  useEffect(() => {
    if (navigation.state !== "idle" || !window.sessionStorage.getItem(sentKey(formId))) return;
    window.sessionStorage.removeItem(sentKey(formId));
    // A failed post comes back with action data: keep the draft. A successful one redirected: forget it.
    if (!actionData) window.localStorage.removeItem(keyOf(formId));
  }, [navigation.state, actionData, formId]);
}

/**
 * Forgets a form's draft once its post succeeded on a page that does not show the form again (the offer's thank-you
 * page, the profile after a request). Runs only in the browser.
 */
export function useForgetDraft(formId: string, when: boolean): void {
  useEffect(() => {
    if (!when) return;
    window.localStorage.removeItem(keyOf(formId));
    window.sessionStorage.removeItem(sentKey(formId));
  }, [formId, when]);
}
