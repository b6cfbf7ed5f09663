import * as React from "react";
import { Link } from "react-router";
import { CheckboxField } from "~/components/ui/checkbox-field";

/**
 * The privacy consent of the public forms (/contato, /denuncia): 'Li o Aviso de Privacidade e
 * {purpose}', linking to /privacidade. Required; the server checks it with `consentField`.
 */
export function ConsentField({ purpose, error, defaultChecked }: { purpose: React.ReactNode; error?: string; defaultChecked?: boolean }) {
  return (
    <CheckboxField
      name="consent"
      error={error}
      defaultChecked={defaultChecked}
      aria-required
      label={
        <>
          Li o{" "}
          <Link to="/privacidade" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
            Aviso de Privacidade
          </Link>{" "}
          e {purpose}{" "}
          <span className="text-red-700" aria-hidden>
            *
          </span>
        </>
      }
    />
  );
}
