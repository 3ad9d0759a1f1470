import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { ArticleCard } from "~/features/articles/ArticleCard";
import { EstateGrid } from "~/features/listings/EstateCard";
import { Icon } from "~/platform/ui/Icon";
import { OfficeCard } from "~/features/offices/OfficeCard";
import { SearchFilter } from "~/features/search/SearchFilter";
import { PlaceMap } from "~/features/places/PlaceMap";
import { company } from "~/platform/config/company";
import { loadHomePage } from "~/features/site/home-page.server";
import { pageMeta } from "~/platform/http/seo";

export const meta = pageMeta;

/** Home: search hero, our services (articles 1-3), newest listings, reach agents, latest articles (4-6), rental offices, social. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadHomePage(request, context);
}

export default function Home() {
  const { options, estates, services, latestArticles, offices, map } = useLoaderData<typeof loader>();
  const { t } = useT();
  return (
    <div className="home">
      <section className="hero">
        <div className="hero-inner">
          <h1>{t("home.heroTitle")}</h1>
          <p className="hero-lead">{t("home.heroLead")}</p>
          {/* Words that name a filter become it on /estates (decision 056): "شقة مفروشة في المزة" */}
          <SearchFilter options={options}>
            <label className="field">
              {t("search.f.q")}
              <input type="search" name="q" maxLength={100} />
            </label>
          </SearchFilter>
          <div className="hero-quick">
            <Link to="/rent-properties" className="chip-link">
              <Icon name="key" /> {t("home.quickRent")}
            </Link>
            <Link to="/vacation-properties" className="chip-link">
              <Icon name="pool" /> {t("home.quickVacation")}
            </Link>
            <Link to="/advanced-search" className="chip-link">
              <Icon name="search" /> {t("home.quickAdvanced")}
            </Link>
          </div>
        </div>
      </section>

      <section className="section">
        <PlaceMap src={map} />
      </section>

      <section className="section" aria-labelledby="services-title">
        <div className="section-head">
          <h2 id="services-title">{t("home.servicesTitle")}</h2>
          <p>{t("home.servicesLead")}</p>
        </div>
        <div className="grid article-grid">
          {services.map((a) => (
            <ArticleCard key={a.id} article={a} showImage={false} />
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="latest-title">
        <div className="section-head">
          <h2 id="latest-title">{t("home.latestListings")}</h2>
          <Link to="/estates" className="section-link">
            {t("home.allListings")} <Icon name="chevron" className="icon-end" />
          </Link>
        </div>
        <EstateGrid estates={estates} eagerFirst={false} />
      </section>

      <section className="section cta" aria-labelledby="agents-title">
        <div>
          <h2 id="agents-title">{t("home.agentsTitle")}</h2>
          <p>{t("home.agentsText")}</p>
        </div>
        <Link to="/offices" className="button button-light">
          <Icon name="building" /> {t("home.agentsButton")}
        </Link>
      </section>

      <section className="section cta" aria-labelledby="offer-title">
        <div>
          <h2 id="offer-title">{t("forms:home.offerTitle")}</h2>
          <p>{t("forms:home.offerText")}</p>
        </div>
        <div className="button-row">
          <Link to="/new-estate" className="button button-light">
            <Icon name="key" /> {t("forms:home.offerButton")}
          </Link>
          <Link to="/create-real-estate-request" className="button">
            <Icon name="search" /> {t("forms:home.requestButton")}
          </Link>
        </div>
      </section>

      <section className="section" aria-labelledby="articles-title">
        <div className="section-head">
          <h2 id="articles-title">{t("home.latestArticles")}</h2>
          <Link to="/articals" className="section-link">
            {t("home.allArticles")} <Icon name="chevron" className="icon-end" />
          </Link>
        </div>
        <div className="grid article-grid">
          {latestArticles.map((a) => (
            <ArticleCard key={a.id} article={a} />
          ))}
        </div>
      </section>

      {offices.length ? (
        <section className="section" aria-labelledby="rental-offices-title">
          <div className="section-head">
            <h2 id="rental-offices-title">{t("home.rentalOfficesTitle")}</h2>
            <p>{t("home.rentalOfficesText")}</p>
          </div>
          <div className="grid office-grid">
            {offices.map((o) => (
              <OfficeCard key={o.id} office={o} />
            ))}
          </div>
        </section>
      ) : null}

      <section className="section social-block" aria-labelledby="social-title">
        <h2 id="social-title">{t("home.socialTitle")}</h2>
        <p>{t("home.socialText")}</p>
        <ul className="social social-large">
          <li>
            <a href={company.social.facebook} rel="noopener" target="_blank">
              <Icon name="facebook" /> Facebook
            </a>
          </li>
          <li>
            <a href={company.social.instagram} rel="noopener" target="_blank">
              <Icon name="instagram" /> Instagram
            </a>
          </li>
          <li>
            <a href={company.social.linkedin} rel="noopener" target="_blank">
              <Icon name="linkedin" /> LinkedIn
            </a>
          </li>
        </ul>
      </section>
    </div>
  );
}
