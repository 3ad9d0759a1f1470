import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useT } from "~/platform/i18n/use-t";
import { estateTitle } from "~/features/listings/format";
import { ShareLink } from "~/features/listings/EstateActions";
import { Icon } from "~/platform/ui/Icon";
import { getEstate } from "~/features/listings/estate.server";
import { notFound, pageContext, requireId } from "~/platform/http/page.server";
import { pageMeta } from "~/platform/http/seo";
import { useRootData } from "~/platform/ui/root-data";
import type { LayoutHandle } from "~/root";

export const meta = pageMeta;
/** No footer on the gallery: the photos take the whole screen. */
export const handle: LayoutHandle = { hideFooter: true };

/** The photo gallery of one listing (/estate-gallery/{id}): every photo at full width, numbered. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = requireId(params.id);
  const { db, locale, t } = await pageContext(request);
  const estate = await getEstate(db, id, locale);
  if (!estate) notFound("listing");
  const title = estateTitle(t, estate);
  return {
    seo: {
      title: t("gallery.title", { title }),
      description: t("gallery.description", { title, count: estate.images.length }),
      image: estate.images[0]?.large ?? null,
    },
    id: estate.id,
    title,
    images: estate.images,
  };
}

/**
 * Every photo of the listing, numbered: the 400 or 800 px file the browser picks, or with the data saver on (decision
 * 022) the 400 px file only. This is where the saver's "one photo per strip" sends a visitor who wants them all.
 */
export default function Gallery() {
  const { id, title, images } = useLoaderData<typeof loader>();
  const { t } = useT();
  const saver = useRootData()?.dataSaver;
  return (
    <div className="page gallery-page">
      <div className="gallery-head">
        <Link to={`/estate/${id}`} className="button button-small">
          <Icon name="chevron" className="icon-start" /> {t("gallery.back")}
        </Link>
        <h1>{title}</h1>
        <div className="button-row gallery-actions">
          <ShareLink estateId={id} />
          <Link to={`/estate/${id}`} className="button button-small">
            <Icon name="close" /> {t("forms:gallery.cancel")}
          </Link>
        </div>
      </div>
      <ol className="gallery">
        {images.map((image, i) => (
          <li key={image.id}>
            <figure>
              <img
                src={saver ? image.small : image.large}
                srcSet={saver ? undefined : `${image.small} 400w, ${image.large} 800w`}
                sizes={saver ? undefined : "(max-width: 800px) 100vw, 800px"}
                width={image.width}
                height={image.height}
                alt={t("card.photoAlt", { title, n: i + 1, count: images.length })}
                loading={i === 0 ? "eager" : "lazy"}
                decoding="async"
              />
              <figcaption dir="ltr">
                {i + 1}/{images.length}
              </figcaption>
            </figure>
          </li>
        ))}
      </ol>
    </div>
  );
}
