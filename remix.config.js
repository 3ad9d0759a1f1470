/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  // Routes are named by purpose (docs/decisions/065-a-house-by-feature.md): each URL below maps to the module that
  // answers it, and keeps the route id it had when the file names were the URLs (the page cache's matcher, the data
  // saver's list, metrics labels and tests name routes by id). Written by the move script; no file convention adds
  // routes (ignoredRouteFiles), so a new page is one line here.
  routes(defineRoutes) {
    return defineRoutes((route) => {
      route(undefined, "routes/home.tsx", { id: "routes/_index", index: true });
      route("*", "routes/not-found.tsx", { id: "routes/$" });
      route("a/:ref", "routes/alert-link.tsx", { id: "routes/a.$ref" });
      route("ac", "routes/activation-code-resend.tsx", { id: "routes/ac" });
      route("admin", "routes/admin/layout.tsx", { id: "routes/admin" }, () => {
        route(undefined, "routes/admin/dashboard.tsx", { id: "routes/admin._index", index: true });
        route("articles", "routes/admin/articles.tsx", { id: "routes/admin.articles._index", index: true });
        route("articles/:id", "routes/admin/article-editor.tsx", { id: "routes/admin.articles.$id" });
        route("audit", "routes/admin/audit-log.tsx", { id: "routes/admin.audit" });
        route("inbox", "routes/admin/inbox.tsx", { id: "routes/admin.inbox" });
        route("jobs", "routes/admin/failed-jobs.tsx", { id: "routes/admin.jobs" });
        route("leads", "routes/admin/leads-moved.tsx", { id: "routes/admin.leads" });
        route("offers/:id", "routes/admin/offer.tsx", { id: "routes/admin.offers.$id" });
        route("offices", "routes/admin/offices.tsx", { id: "routes/admin.offices._index", index: true });
        route("offices/:id", "routes/admin/office-editor.tsx", { id: "routes/admin.offices.$id" });
        route("posts", "routes/admin/posts.tsx", { id: "routes/admin.posts._index", index: true });
        route("posts/:id", "routes/admin/post-review.tsx", { id: "routes/admin.posts.$id" });
        route("rates", "routes/admin/exchange-rates.tsx", { id: "routes/admin.rates" });
        route("reports", "routes/admin/reports.tsx", { id: "routes/admin.reports" });
        route("requests", "routes/admin/requests.tsx", { id: "routes/admin.requests" });
        route("sms", "routes/admin/sms.tsx", { id: "routes/admin.sms" });
        route("users", "routes/admin/users.tsx", { id: "routes/admin.users" });
      });
      route("advanced-search", "routes/advanced-search.tsx", { id: "routes/advanced-search" });
      route("alerts/stop", "routes/alert-stop.tsx", { id: "routes/alerts.stop" });
      route("api/*", "routes/api.tsx", { id: "routes/api.$" });
      route("app-popup", "routes/app-popup-close.tsx", { id: "routes/app-popup" });
      route("artical/:id", "routes/article.tsx", { id: "routes/artical.$id" });
      route("articals", "routes/articles.tsx", { id: "routes/articals" });
      route("call-us", "routes/contact.tsx", { id: "routes/call-us" });
      route("company-profile", "routes/company-profile.tsx", { id: "routes/company-profile" });
      route("confirm", "routes/registration-confirm.tsx", { id: "routes/confirm" });
      route("consultation", "routes/consultation.tsx", { id: "routes/consultation" });
      route("create-real-estate-request", "routes/property-request-form.tsx", { id: "routes/create-real-estate-request" });
      route("data-saver", "routes/data-saver-switch.tsx", { id: "routes/data-saver" });
      route("estate-gallery/:id", "routes/estate-gallery.tsx", { id: "routes/estate-gallery.$id" });
      route("estate/:id", "routes/estate.tsx", { id: "routes/estate.$id" });
      route("estates", "routes/search-results.tsx", { id: "routes/estates" });
      route("forgot-password", "routes/password-forgotten.tsx", { id: "routes/forgot-password" });
      route("language", "routes/language-switch.tsx", { id: "routes/language" });
      route("lc", "routes/estate-expiry-link.tsx", { id: "routes/lc" });
      route("listing-state", "routes/estate-life.tsx", { id: "routes/listing-state" });
      route("login", "routes/login.tsx", { id: "routes/login" });
      route("logout", "routes/logout.tsx", { id: "routes/logout" });
      route("map.json", "routes/search-map.tsx", { id: "routes/map[.]json" });
      route("map-figure/:lang", "routes/map-figure.tsx", { id: "routes/map-figure.$lang" });
      route("new-estate", "routes/estate-offer.tsx", { id: "routes/new-estate" });
      route("od/:token", "routes/offer-draft-link.tsx", { id: "routes/od.$token" });
      route("office-estates/:id", "routes/office-estates.tsx", { id: "routes/office-estates.$id" });
      route("office/:id", "routes/office.tsx", { id: "routes/office.$id" });
      route("offices", "routes/offices.tsx", { id: "routes/offices" });
      route("officesResult", "routes/office-search-results.tsx", { id: "routes/officesResult" });
      route("places", "routes/place-finder.tsx", { id: "routes/places" });
      route("places.json", "routes/places-json.tsx", { id: "routes/places[.]json" });
      route("places/suggest", "routes/place-suggestions.tsx", { id: "routes/places.suggest" });
      route("privacy-policy", "routes/privacy-policy.tsx", { id: "routes/privacy-policy" });
      route("profile", "routes/profile.tsx", { id: "routes/profile" });
      route("profile/data", "routes/profile-data.tsx", { id: "routes/profile_.data" });
      route("profile/delete", "routes/profile-delete.tsx", { id: "routes/profile_.delete" });
      route("profile/name", "routes/profile-name.tsx", { id: "routes/profile_.name" });
      route("profile/password", "routes/profile-password.tsx", { id: "routes/profile_.password" });
      route("profile/phone", "routes/profile-phone.tsx", { id: "routes/profile_.phone" });
      route("profile/posts/:id", "routes/post-editor.tsx", { id: "routes/profile_.posts.$id" });
      route("profile/sessions", "routes/profile-sessions.tsx", { id: "routes/profile_.sessions" });
      route("rent-properties", "routes/rent-results.tsx", { id: "routes/rent-properties" });
      route("report", "routes/estate-report.tsx", { id: "routes/report" });
      route("robots.txt", "routes/robots-txt.tsx", { id: "routes/robots[.]txt" });
      route("rp", "routes/password-reset.tsx", { id: "routes/rp" });
      route("save", "routes/estate-save-toggle.tsx", { id: "routes/save" });
      route("save-search", "routes/save-search.tsx", { id: "routes/save-search" });
      route("saved-searches/:id", "routes/saved-search.tsx", { id: "routes/saved-searches.$id" });
      route("sitemap.xml", "routes/sitemap-index.tsx", { id: "routes/sitemap[.]xml" });
      route("sitemaps/:name", "routes/sitemap.tsx", { id: "routes/sitemaps.$name" });
      route("user-order", "routes/property-requests.tsx", { id: "routes/user-order" });
      route("vacation-properties", "routes/vacation-results.tsx", { id: "routes/vacation-properties" });
      route("who-us", "routes/about-us.tsx", { id: "routes/who-us" });
    });
  },
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-utils/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
