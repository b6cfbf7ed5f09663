/** Link helpers for the institutional contact fields (no content data here: public pages load this). */

/** A tel: link for a phone as displayed. */
export function telHref(phone: string) {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("0800") ? `tel:${digits}` : `tel:+55${digits}`;
}

export function whatsappLink(number: string, text: string) {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
