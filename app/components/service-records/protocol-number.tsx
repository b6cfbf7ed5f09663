/**
 * A service record's protocol as the staff read it out or copy it down: its label, then the
 * number in large type (`large`: larger still, on the screen that announces a new record).
 */
export function ProtocolNumber({ protocol, testId, large = false }: { protocol: string; testId: string; large?: boolean }) {
  return (
    <>
      <p className="text-sm text-slate-700">Número de protocolo</p>
      <p
        className={`break-all font-mono text-[1.375rem] font-bold text-slate-900 ${large ? "sm:text-4xl" : "sm:text-3xl"} sm:tracking-wide`}
        data-testid={testId}
      >
        {protocol}
      </p>
    </>
  );
}
