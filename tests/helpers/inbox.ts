/**
 * A visitor's property offer as /new-estate stores it (createEstateOffer's input): an apartment (type 1) for rent
 * (offer type 2) of 120 m² in place 1, from `fullname`, without an account.
 */
export const visitorOffer = (fullname: string) => ({
  estate_type_id: 1,
  estate_offer_type_id: 2,
  location_id: 1,
  area: 120,
  fullname,
  mobile: "0933222111",
  subject: "شقة للإيجار قرب الجامعة",
  user_id: null,
});
