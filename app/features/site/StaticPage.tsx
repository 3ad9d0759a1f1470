import { Link } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { Icon } from "~/platform/ui/Icon";

/**
 * The texts of a text page from locales/*\/pages.json, translated on the server and sent with the page, so a page
 * reached by client navigation never shows keys while its namespace loads.
 */
export type StaticContent = {
  title: string;
  lead: string;
  sections: { heading: string; paragraphs: string[] }[];
  facts: { value: string; label: string }[];
};

/** A text page (who-us, privacy policy, company profile): title, lead, sections and optional facts. */
export function StaticPage({ content, standalone }: { content: StaticContent; standalone?: boolean }) {
  const { t } = useT();
  const { sections, facts } = content;
  return (
    <article className={`page narrow static-page${standalone ? " standalone" : ""}`}>
      {standalone ? (
        <Link to="/" className="standalone-brand">
          <Icon name="building" /> {t("brand")}
        </Link>
      ) : null}
      <h1>{content.title}</h1>
      <p className="page-lead">{content.lead}</p>
      {facts.length ? (
        <ul className="facts-band">
          {facts.map((f) => (
            <li key={f.label}>
              <strong>{f.value}</strong>
              <span>{f.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {sections.map((s) => (
        <section key={s.heading} className="prose">
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
      {standalone ? (
        <p className="standalone-back">
          <Link to="/">
            <Icon name="chevron" className="icon-start" /> {t("advanced.back")}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
