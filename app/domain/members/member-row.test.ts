import { describe, expect, it } from "vitest";
import { listCpf, toEditableMember, toMemberListRow, toMemberPickRow, type MemberRecord } from "./member-row";

const record: MemberRecord & { homePhone: string; photoFileId: string } = {
  id: "3f1c2a4e-9b7d-4c21-8e55-0a1b2c3d4e5f",
  registrationNumber: 1234,
  name: "Conceição Araújo Simões",
  cpf: "52998224725",
  email: "conceicao@exemplo.com.br",
  mobilePhone: "61998123457",
  address: "QNM 12 Conjunto A",
  city: "Ceilândia",
  state: "DF",
  cep: "72215120",
  region: "Ceilândia",
  workplaceName: "Hospital Regional",
  situation: 1,
  status: "ativo",
  notes: null,
  joinedOn: "2019-03-01",
  anonymizedAt: null,
  // Columns a full `select()` row carries that no list shows.
  homePhone: "6133456781",
  photoFileId: "0b8e2c1a-5d4f-4e3a-9c2b-1a0f9e8d7c6b",
};

describe("member rows (issue 20 §4)", () => {
  it("the list row masks the CPF, derives the payment status and carries nothing else", () => {
    const row = toMemberListRow(record);
    expect(row).toEqual({
      ...toEditableMember(record),
      cpfMasked: "***.982.247-**",
      joinedOn: "2019-03-01",
      paymentStatus: "active",
      anonymized: false,
    });
    expect(JSON.stringify(row)).not.toContain("52998224725");
    expect(row).not.toHaveProperty("homePhone");
    expect(row).not.toHaveProperty("photoFileId");
  });

  it("the edit dialog's member never holds the CPF", () => {
    expect(toEditableMember(record)).not.toHaveProperty("cpf");
    expect(Object.keys(toEditableMember(record))).toHaveLength(14);
  });

  it("the finance look-up row: masked CPF, situation label, anonymised flag", () => {
    expect(toMemberPickRow(record)).toEqual({
      id: record.id,
      registrationNumber: 1234,
      name: "Conceição Araújo Simões",
      cpfMasked: "***.982.247-**",
      situation: "ATIVO(A)",
      anonymized: false,
    });
    expect(toMemberPickRow({ ...record, situation: null, cpf: null, anonymizedAt: new Date() })).toMatchObject({
      situation: "—",
      cpfMasked: "—",
      anonymized: true,
    });
    expect(toMemberPickRow({ ...record, situation: 99 })).toMatchObject({ situation: "99" });
  });

  it("a list's CPF: masked, '—' without one, hidden whole when malformed", () => {
    expect(listCpf(null)).toBe("—");
    expect(listCpf("529.982.247-25")).toBe("***.982.247-**");
    expect(listCpf("123")).toBe("***.***.***-**");
  });
});
