/** Names of the symbols in public/icons.svg. */
export type IconName =
  | "menu"
  | "close"
  | "search"
  | "phone"
  | "whatsapp"
  | "heart"
  | "flag"
  | "bed"
  | "area"
  | "stairs"
  | "pool"
  | "calendar"
  | "pin"
  | "building"
  | "key"
  | "sofa"
  | "paint"
  | "doc"
  | "tag"
  | "chevron"
  | "camera"
  | "share"
  | "globe"
  | "mail"
  | "map"
  | "user"
  | "linkedin"
  | "facebook"
  | "instagram"
  | "play"
  | "apple"
  | "check"
  | "alert"
  | "expand"
  | "refresh"
  | "logout"
  | "filter"
  | "bolt"
  | "sun"
  | "drop"
  | "elevator"
  | "car";

/** Bump when public/icons.svg changes, so browsers fetch the new sprite. */
const SPRITE = "/icons.svg?v=4";

/**
 * An icon from the one cached sprite (inline SVG sprites, no icon font). Decorative unless `label` is given.
 * Pointing icons (the chevron) take the class `icon-start` or `icon-end`, which the stylesheet mirrors by direction.
 */
export function Icon({ name, label, className }: { name: IconName; label?: string; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      width="20"
      height="20"
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
      focusable="false"
    >
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}
