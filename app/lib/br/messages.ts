/**
 * Messages of the Brazilian data fields and of the CEP lookup, written once. The original's
 * where it has them (section 5 and 8 of original-spec.md), otherwise clear pt-BR of our own.
 */
export const BR_MESSAGES = {
  // The original's, verbatim.
  cpfLength: "CPF deve ter 11 dígitos",
  requesterCpfRequired: "CPF do solicitante é obrigatório",
  homologationCnpjRequired: "CNPJ é obrigatório para homologação",
  cepHint: "Digite um CEP de 8 dígitos.",
  cepFilled: "Endereço preenchido automaticamente!",
  cepNotFound: "CEP não encontrado ou inválido.",
  // Ours, where the original is silent.
  cpfRequired: "CPF é obrigatório.",
  cpfInvalid: "CPF inválido. Confira os números digitados.",
  cnpjRequired: "CNPJ é obrigatório.",
  cnpjLength: "CNPJ deve ter 14 caracteres.",
  cnpjInvalid: "CNPJ inválido. Confira os caracteres digitados.",
  cepRequired: "CEP é obrigatório.",
  phoneRequired: "Telefone é obrigatório.",
  phoneInvalid: "Telefone inválido. Informe o DDD e o número, como (61) 91234-5678.",
  cepUnavailable: "Não foi possível consultar o CEP agora. Preencha o endereço manualmente.",
  cepRateLimited: "Muitas consultas de CEP em pouco tempo. Aguarde um minuto ou preencha o endereço manualmente.",
} as const;
