import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type CSSProperties, useEffect, useState } from 'react';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box of a list page whose filters live in the address: it types freely, and the
 * address (and so the request) follows once typing pauses; back and forward put the address's
 * keyword back in the box. `clear()` empties it at once (with "clear filters").
 */
export function useListKeyword(
  keyword: string | undefined,
  onSettled: (keyword: string | undefined) => void,
  maxLength?: number,
) {
  const [text, setText] = useState(keyword ?? '');
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the settled text only
  useEffect(() => {
    const settled = (maxLength ? debounced.trim().slice(0, maxLength) : debounced).trim() || undefined;
    if (settled !== keyword) onSettled(settled);
  }, [debounced]);
  useEffect(() => {
    setText((prev) => ((prev.trim() || undefined) === keyword ? prev : (keyword ?? '')));
  }, [keyword]);
  return { text, setText, clear: () => setText('') };
}

export function ListSearchInput({
  text,
  setText,
  label,
  placeholder,
  clearLabel,
  maxLength,
  style,
  testId,
}: {
  text: string;
  setText: (text: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  maxLength?: number;
  style?: CSSProperties;
  testId: string;
}) {
  return (
    <TextInput
      size="sm"
      style={style}
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      maxLength={maxLength}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={
        text ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => setText('')} /> : null
      }
      data-testid={testId}
      type="search"
    />
  );
}
