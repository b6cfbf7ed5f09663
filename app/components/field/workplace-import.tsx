import { SpreadsheetImport } from "~/components/imports/spreadsheet-import";

/**
 * The workplace spreadsheet import (issue 10): the shared import (ADR 123/141) with the
 * workplace template's wording.
 */
export function WorkplaceImport({ action, templateHref }: { action: string; templateHref: string }) {
  return (
    <SpreadsheetImport
      action={action}
      templateHref={templateHref}
      title="Importar planilha de postos"
      name="workplace-import"
      keyLabel="Posto"
      reportFileName="relatorio-importacao-postos.csv"
      confirmWarningsLabel="Confirmo que estes postos não são duplicados"
      intro="Envie uma planilha .xlsx ou .csv (até 5.000 linhas) com as colunas do"
      rules="Planilhas .xls (Excel 97–2003) não são aceitas: abra-as no Excel ou no LibreOffice e salve como .xlsx. Um código já cadastrado atualiza o posto; linhas sem código criam postos novos. Primeiro a planilha é validada e o relatório lista todos os problemas de cada linha; nada é gravado até você confirmar, e a importação grava todas as linhas ou nenhuma."
    />
  );
}
