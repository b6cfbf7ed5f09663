/**
 * A service record (atendimento) as the records list shows it (issue 20 §4): a plain type, not
 * a .server module. The list's query selects exactly these columns (never the requester's CPF
 * or the sector block), so a row of it is a ServiceRecordListRow as it comes.
 */
export type ServiceRecordListRow = {
  id: string;
  protocol: string;
  recordType: string;
  sector: string;
  status: string;
  priority: string;
  requesterName: string;
  serviceType: string;
  otherType: string | null;
  description: string;
  dueAt: Date;
  createdAt: Date;
  responsibleId: string | null;
  /** The responsible agent's name; null when nobody is assigned. */
  responsibleName: string | null;
};
