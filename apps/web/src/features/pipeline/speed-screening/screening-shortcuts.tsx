import { useEffect, useRef } from 'react';
import { Kbd, Modal, Table } from '@mantine/core';

export type ShortcutActions = { advance: () => void; reject: () => void; hold: () => void; skip: () => void; previous: () => void; undo: () => void; help: () => void };

export const Shortcuts: { keys: string[]; what: string }[] = [
  { keys: ['A'], what: 'Advance to the next stage' },
  { keys: ['R'], what: 'Reject with a reason' },
  { keys: ['H'], what: 'Hold: decide later' },
  { keys: ['S', '→'], what: 'Skip to the next applicant' },
  { keys: ['←'], what: 'Previous applicant' },
  { keys: ['U', 'Ctrl+Z'], what: 'Undo the last decision' },
  { keys: ['?'], what: 'Show these shortcuts' },
];

const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox');

/**
 * The screener's keys. Ignored while typing in a field or while a dialog is open (its own keys win), and
 * with Alt or Meta held (the browser's shortcuts stay the browser's).
 */
export function useScreeningKeys(actions: ShortcutActions, { paused }: { paused: boolean }) {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (paused || event.defaultPrevented || event.altKey || typingIn(event.target) || document.querySelector('[role="dialog"]')) return;
      const a = latest.current;
      const key = event.key;
      if ((event.ctrlKey || event.metaKey) && key.toLowerCase() === 'z') return run(event, a.undo);
      if (event.ctrlKey || event.metaKey) return;
      const map: Record<string, () => void> = { a: a.advance, r: a.reject, h: a.hold, s: a.skip, ArrowRight: a.skip, ArrowLeft: a.previous, u: a.undo, '?': a.help };
      const action = map[key.length === 1 ? key.toLowerCase() : key];
      if (action) run(event, action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [paused]);
}

function run(event: KeyboardEvent, action: () => void) {
  event.preventDefault();
  action();
}

export function ShortcutsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Table>
        <Table.Tbody>
          {Shortcuts.map((s) => (
            <Table.Tr key={s.what}>
              <Table.Td>
                {s.keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 ? ' or ' : null}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{s.what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
