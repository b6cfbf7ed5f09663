import { workplaces } from "~/db/schema";

/** A workplace's code, name and address, as the map's list and the route form's choices read them. */
export const workplaceAddressColumns = {
  id: workplaces.id,
  code: workplaces.code,
  name: workplaces.name,
  address: workplaces.address,
  neighbourhood: workplaces.neighbourhood,
  city: workplaces.city,
  state: workplaces.state,
  cep: workplaces.cep,
};
