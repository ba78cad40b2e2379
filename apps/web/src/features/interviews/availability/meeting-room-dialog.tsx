import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, TagsInput, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { InterviewLimits, type TMeetingRoom } from '@hireflow/contracts/interviews';
import type { TOfficeAddress } from '@hireflow/contracts/interviews-availability';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';
import { useSaveMeetingRoom } from '../api/meeting-room-addedit';

type Props = { room: TMeetingRoom | null; addresses: TOfficeAddress[]; defaultAddressId?: string; onClose: () => void; onSaved: (name: string) => void };
type Errors = Partial<Record<'name' | 'addressId' | 'capacity', string>>;

export const addressLabelOf = (a: Pick<TOfficeAddress, 'locationName' | 'label'>) => `${a.locationName} · ${a.label}`;

/** Adds a meeting room (room null) or edits one: name, office address, capacity, equipment, active. */
export function MeetingRoomDialog({ room, addresses, defaultAddressId, onClose, onSaved }: Props) {
  const [name, setName] = useState(room?.name ?? '');
  const [addressId, setAddressId] = useState<string | null>(room?.addressId ?? defaultAddressId ?? addresses[0]?.id ?? null);
  const [capacity, setCapacity] = useState<number | string>(room?.capacity ?? 6);
  const [equipment, setEquipment] = useState<string[]>(room?.equipment ?? []);
  const [active, setActive] = useState(room?.active ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const save = useSaveMeetingRoom({ onSuccess: () => onSaved(name.trim()) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = 'Enter a name';
    else if (name.trim().length > InterviewLimits.roomNameMax) next.name = `At most ${InterviewLimits.roomNameMax} characters`;
    if (!addressId) next.addressId = 'Choose an office address';
    if (typeof capacity !== 'number' || !Number.isInteger(capacity) || capacity < 1 || capacity > InterviewLimits.maxRoomCapacity) {
      next.capacity = `Enter a number of seats from 1 to ${InterviewLimits.maxRoomCapacity}`;
    }
    setErrors(next);
    if (Object.keys(next).length) return;
    save.mutate({ ...(room ? { id: room.id } : {}), name: name.trim(), addressId: addressId!, capacity: capacity as number, equipment, active });
  };

  return (
    <Modal opened onClose={onClose} title={room ? `Edit ${room.name}` : 'Add meeting room'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormAlert message={save.isError ? errorMessage(save.error) : null} />
          <TextInput label="Name" required data-autofocus value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} />
          <Select
            label="Office address"
            required
            allowDeselect={false}
            data={addresses.map((a) => ({ value: a.id, label: `${addressLabelOf(a)} (${a.address})` }))}
            value={addressId}
            onChange={setAddressId}
            error={errors.addressId}
          />
          <NumberInput label="Seats" description="People the room seats, the candidate included" required min={1} max={InterviewLimits.maxRoomCapacity} allowDecimal={false} value={capacity} onChange={setCapacity} error={errors.capacity} />
          <TagsInput label="Equipment" description="Press Enter after each, e.g. Screen, Whiteboard" value={equipment} onChange={setEquipment} maxTags={20} placeholder="Add equipment" />
          <Checkbox label="Active (offered when scheduling)" checked={active} onChange={(e) => setActive(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {room ? 'Save room' : 'Add room'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
