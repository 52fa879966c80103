import { optionTotals, type PublicQuote, type QuoteOption } from "../../../schema/api/quotes";
import { formatPence } from "../../../schema/format";
import { lineAmounts } from "../../../schema/money";
import { Totals } from "../documents/totals";

/** One of the quote's options as the customer sees it: its lines, the extras to tick, its money, and Choose. */
export function OptionCard({
  quote,
  option,
  chosen,
  extras,
  open,
  onChoose,
  onExtras,
}: {
  quote: PublicQuote;
  option: QuoteOption;
  chosen: boolean;
  extras: string[];
  open: boolean;
  onChoose: () => void;
  onExtras: (ids: string[]) => void;
}) {
  const totals = optionTotals(option, quote.deposit, quote.vatRegistered, extras);
  const rate = (r: 0 | 5 | 20) => (quote.vatRegistered ? r : 0);
  return (
    <article className="card quote-option" data-chosen={chosen} aria-label={`Option: ${option.name}`}>
      <h3>{option.name}</h3>
      <ul className="quote-lines">
        {option.lines.map((line) => {
          const price = formatPence(lineAmounts(line.quantity, line.unitPence, rate(line.vatRate)).grossPence);
          const text = `${line.description}${line.quantity === 1 ? "" : ` × ${line.quantity}`}`;
          return (
            <li key={line.id}>
              {line.optional ? (
                <label>
                  <input
                    type="checkbox"
                    checked={extras.includes(line.id)}
                    disabled={!open}
                    onChange={(e) => onExtras(e.target.checked ? [...extras, line.id] : extras.filter((id) => id !== line.id))}
                  />
                  <span>
                    {text} <span className="quote-small">(optional)</span>
                  </span>
                </label>
              ) : (
                <span>{text}</span>
              )}
              <span>{price}</span>
            </li>
          );
        })}
      </ul>
      <Totals
        look="customer"
        totals={totals}
        vatRegistered={quote.vatRegistered}
        deposit={{ label: "Deposit to pay now", pence: totals.depositPence }}
      />
      {open ? (
        <label className="quote-choose">
          <input type="radio" name="quote-option" checked={chosen} onChange={onChoose} /> Choose {option.name}
        </label>
      ) : null}
    </article>
  );
}
