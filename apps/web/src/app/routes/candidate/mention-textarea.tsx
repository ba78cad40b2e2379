import { Combobox, Text, Textarea, useCombobox } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { TUserOption } from '@hireflow/contracts/users';
import { useUserTypeahead } from '@/features/users/components/user-typeahead';

export type Mentioned = { id: string; name: string };

// "@" at the start or after a space, then what is typed so far (no second "@", at most a few words).
const MentionAtCaret = /(^|\s)@([^\s@][^@\n]{0,40}|)$/;

/**
 * A note's text box where typing "@" and part of a colleague's name offers matching active users
 * (arrow keys and Enter to pick, Escape to close). A pick writes "@Full Name" and reports the user.
 */
export function MentionTextarea({
  label,
  value,
  onChange,
  onMention,
  maxLength,
  error,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  onMention: (user: Mentioned) => void;
  maxLength: number;
  error?: string | null;
}) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const { setText, users, nothingFound } = useUserTypeahead();
  const [query, setQuery] = useState<{ start: number; end: number } | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (users.length) combobox.selectFirstOption();
  }, [users, combobox]);

  const track = (text: string, caret: number) => {
    const match = MentionAtCaret.exec(text.slice(0, caret));
    if (!match) {
      setQuery(null);
      combobox.closeDropdown();
      return;
    }
    const typed = match[2] ?? '';
    setQuery({ start: caret - typed.length - 1, end: caret });
    setText(typed);
    combobox.openDropdown();
  };

  const pick = (user: TUserOption) => {
    if (!query) return;
    const inserted = `@${user.fullName} `;
    const next = value.slice(0, query.start) + inserted + value.slice(query.end);
    onChange(next);
    onMention({ id: user.id, name: user.fullName });
    setQuery(null);
    setText('');
    combobox.closeDropdown();
    const caret = query.start + inserted.length;
    requestAnimationFrame(() => ref.current?.setSelectionRange(caret, caret));
  };

  return (
    <Combobox store={combobox} onOptionSubmit={(id) => {
      const user = users.find((u) => u.id === id);
      if (user) pick(user);
    }}>
      <Combobox.Target targetType="input">
        <Textarea
          ref={ref}
          label={label}
          description="Type @ and a name to mention a colleague: they get a mail and see it on their dashboard"
          autosize
          minRows={3}
          maxLength={maxLength}
          value={value}
          error={error}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            track(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length);
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!query}>
        <Combobox.Options aria-label="Colleagues to mention">
          {users.length === 0 ? (
            <Combobox.Empty>{nothingFound}</Combobox.Empty>
          ) : (
            users.map((u) => (
              <Combobox.Option value={u.id} key={u.id}>
                <Text fz="sm">{u.fullName}</Text>
                <Text fz="xs" c="dimmed">
                  {u.email}
                </Text>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
