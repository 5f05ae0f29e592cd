import type { PrintedSlip } from '@kupon/api/contract';

/**
 * A slip as the api filled it (api/PRINTS.md): its words are already in the asked language and its
 * amounts and times already formatted, so it is laid out as it comes.
 */
export function ServerSlip({ slip }: { slip: PrintedSlip }) {
  return (
    <div className="slip" data-testid="server-slip">
      <h1>{slip.siteName}</h1>
      <h2>{slip.title}</h2>
      <p>
        {slip.lines.map((line) => (
          <span key={line.label} data-testid="slip-line">
            {line.label}: <strong>{line.value}</strong>
            <br />
          </span>
        ))}
      </p>
      {slip.selections.length > 0 && (
        <table>
          <tbody>
            {slip.selections.map((selection, i) => (
              <tr key={i}>
                <td>
                  {selection.match}
                  {selection.date && (
                    <>
                      <br />
                      <small>{selection.date}</small>
                    </>
                  )}
                </td>
                <td>{selection.bet}</td>
                <td>{selection.odds}</td>
                {selection.result !== null && <td>{selection.result}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {slip.footer.map((text) => (
        <p key={text}>
          <small>{text}</small>
        </p>
      ))}
      <p>
        <small>{slip.printedAt}</small>
      </p>
    </div>
  );
}
