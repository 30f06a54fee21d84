import type { TTestCard } from '../../../../core/billing.ts';
import type { TTestCardInput } from '../../../../core/contracts/billing.types.ts';
import TextField from '../ui/TextField.tsx';

/** Groups a card number in fours as it is typed. */
function groupDigits(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Formats an expiry as MM/YY as it is typed. */
function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** An expiry two years ahead, offered with the test cards. */
export function sampleExpiry(now = new Date()): string {
  return `${String(now.getMonth() + 1).padStart(2, '0')}/${String((now.getFullYear() + 2) % 100).padStart(2, '0')}`;
}

interface Props {
  card: TTestCardInput;
  onChange: (card: TTestCardInput) => void;
  testCards: readonly TTestCard[];
  disabled?: boolean;
}

/**
 * The TEST MODE card fields of local billing (the stand-in for Stripe's Payment Element): number,
 * expiry, CVC, and the test cards to pick from. Nothing typed here is a real card.
 */
export default function TestCardFields({ card, onChange, testCards, disabled }: Props) {
  const use = (number: string) => onChange({ number: groupDigits(number), expiry: card.expiry || sampleExpiry(), cvc: card.cvc || '123' });
  return (
    <fieldset className="test-card" disabled={disabled}>
      <legend className="sr-only">Test card</legend>
      <TextField
        label="Card number"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="off"
        placeholder="4242 4242 4242 4242"
        value={card.number}
        onValueChange={(v) => onChange({ ...card, number: groupDigits(v) })}
        required
      />
      <div className="field-row">
        <TextField
          label="Expiry (MM/YY)"
          name="exp"
          inputMode="numeric"
          autoComplete="off"
          placeholder="MM/YY"
          value={card.expiry}
          onValueChange={(v) => onChange({ ...card, expiry: formatExpiry(v) })}
          required
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="off"
          placeholder="123"
          maxLength={4}
          value={card.cvc}
          onValueChange={(v) => onChange({ ...card, cvc: v.replace(/\D/g, '').slice(0, 4) })}
          required
        />
      </div>
      {testCards.length > 0 && (
        <div className="test-cards">
          <p className="field-hint">Test cards (any future expiry, any CVC):</p>
          <ul>
            {testCards.map((t) => (
              <li key={t.number}>
                <button type="button" className="btn btn-sm test-card-pick" onClick={() => use(t.number)}>
                  <code>{groupDigits(t.number)}</code>
                </button>
                <span className="muted">{t.description}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </fieldset>
  );
}
