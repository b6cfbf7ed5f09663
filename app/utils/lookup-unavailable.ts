/** The look-up endpoints' answer when the database fails (503): the form then goes on by hand. */
export const LOOKUP_UNAVAILABLE = "Consulta indisponível no momento. Preencha os dados manualmente.";
