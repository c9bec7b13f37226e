/**
 * Typing into a picker's text box (issue 11 §7: typing a date in the spec format must work).
 * While the box has focus it shows what is typed, and each readable value is committed at once
 * (as the native inputs did, so a search right after typing uses it); on blur it shows the value
 * again in the spec format, so unreadable text reverts to the last value. Enter commits too.
 *
 * `useTypedInput(shown, parse, commit)`: `shown` is the current value's text; `parse(text)`
 * returns the value ('' for blank) or null when the text is not (yet) a value; `commit(value)`
 * hands it to the caller. Returns props for a Chakra `<Input>`.
 */
import { useState, type ChangeEvent, type KeyboardEvent } from 'react';

export interface TypedInputProps {
  value: string;
  onFocus: () => void;
  onBlur: () => void;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
}

export function useTypedInput(shown: string, parse: (text: string) => string | null, commit: (value: string) => void): TypedInputProps {
  const [draft, setDraft] = useState<string | null>(null);
  return {
    value: draft ?? shown,
    onFocus: () => setDraft(shown),
    onBlur: () => setDraft(null),
    onChange: (e) => {
      const text = e.target.value;
      setDraft(text);
      const v = parse(text);
      if (v !== null && v !== shown) commit(v);
    },
    onKeyDown: (e) => {
      if (e.key !== 'Enter' || draft === null) return;
      const v = parse(draft);
      if (v !== null) setDraft(v);
    },
  };
}
