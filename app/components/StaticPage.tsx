import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon";

type Section = { heading: string; paragraphs: string[] };
type Fact = { value: string; label: string };

/** A text page from locales/*\/pages.json (who-us, privacy policy, company profile): lead, sections and optional facts. */
export function StaticPage({ page, standalone }: { page: "whoUs" | "privacy" | "companyProfile"; standalone?: boolean }) {
  const { t } = useTranslation("pages");
  const sections = t(`${page}.sections`, { returnObjects: true }) as Section[];
  const facts = page === "companyProfile" ? (t(`${page}.facts`, { returnObjects: true }) as Fact[]) : [];
  return (
    <article className={`page narrow static-page${standalone ? " standalone" : ""}`}>
      {standalone ? (
        <Link to="/" className="standalone-brand">
          <Icon name="building" /> {t("common:brand")}
        </Link>
      ) : null}
      <h1>{t(`${page}.title`)}</h1>
      <p className="page-lead">{t(`${page}.lead`)}</p>
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
      {Array.isArray(sections)
        ? sections.map((s) => (
            <section key={s.heading} className="prose">
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p, i) => (
                <p key={i}>{p}</p>
              ))}
            </section>
          ))
        : null}
      {standalone ? (
        <p className="standalone-back">
          <Link to="/">
            <Icon name="chevron" className="icon-start" /> {t("common:advanced.back")}
          </Link>
        </p>
      ) : null}
    </article>
  );
}
