/** The member look-up's answer (`/api/filiados/consulta`) for a CPF that is no member's. */
export const NOT_A_MEMBER = {
  is_member: false,
  member_id: null,
  member_name: null,
  registration_number: null,
  member_phone: null,
  member_email: null,
};
