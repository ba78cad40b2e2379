import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Divider, Group, List, Modal, NumberInput, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  InterviewLimits,
  InterviewModeLabels,
  InterviewModes,
  ZScheduleInterviewRequest,
  type TFreeSlot,
  type TInterview,
  type TInterviewMode,
  type TScheduleInterviewRequest,
} from '@hireflow/contracts/interviews';
import { UsersPicker } from '@/features/users/components/user-picker';
import { useMailTemplates } from '@/features/mail/api/mail-templates';
import { errorMessage } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useMyIntegrations } from '@/features/integrations/api/get-my-integrations';
import { useFreeSlots } from '../api/get-free-slots';
import { useJobInterviewPlan } from '../api/job-interview-plan';
import { useMeetingRooms } from '../api/get-meeting-rooms';
import { conflictsOf, useScheduleInterview } from '../api/schedule-interview';
import { InvitationPreview } from './invitation-preview';
import { localFields, schedulerTimeZone, searchWindow, slotLabel, typedInstant } from './interview-time';
import { SelfScheduleForm } from './self-schedule-form';
import { SlotPicker, type SlotSearch } from './slot-picker';

export type ScheduleInterviewDialogProps = {
  opened: boolean;
  onClose: () => void;
  applicationId: string;
  jobId: string;
  candidateName: string;
  /** Given: reschedule this interview (the dialog starts from its values). */
  interview?: TInterview | null;
  /** The clock "this week" starts from (tests pin it). */
  now?: Date;
};

const AdHoc = 'adhoc';
type Person = { id: string; fullName: string; email: string };

/**
 * Schedules (or reschedules) one interview of an application: the round of the job's plan (or an ad-hoc
 * one), the interviewers, a suggested free slot or a typed time on the scheduler's clock, where it happens,
 * and the invitation. A clash with an interviewer's other interview is named and can be booked anyway.
 */
export function ScheduleInterviewDialog({ opened, onClose, applicationId, jobId, candidateName, interview = null, now: fixedNow }: ScheduleInterviewDialogProps) {
  const { user } = useSession();
  const timeZone = schedulerTimeZone(user?.timezone);
  const [now] = useState(() => fixedNow ?? new Date());
  const plan = useJobInterviewPlan(jobId);
  const rooms = useMeetingRooms();
  const templates = useMailTemplates('interview');
  const schedule = useScheduleInterview();

  const rounds = plan.data?.rounds ?? [];
  const [roundKey, setRoundKey] = useState<string | null>(interview ? (interview.roundId ?? AdHoc) : null);
  const [roundName, setRoundName] = useState(interview && !interview.roundId ? interview.roundName : '');
  const [duration, setDuration] = useState<number | string>(interview?.durationMinutes ?? 60);
  const [interviewerIds, setInterviewerIds] = useState<string[]>(interview?.interviewers.map((p) => p.id) ?? []);
  const [named, setNamed] = useState<Person[]>(interview?.interviewers.map((p) => ({ id: p.id, fullName: p.name, email: p.email })) ?? []);
  const [search, setSearch] = useState<SlotSearch>({ choice: 'this_week', custom: { from: '', to: '' } });
  const [picked, setPicked] = useState<string | null>(null);
  const initialFields = interview ? localFields(interview.start, timeZone) : { date: '', time: '' };
  const [typedDate, setTypedDate] = useState(initialFields.date);
  const [typedTime, setTypedTime] = useState(initialFields.time);
  const [mode, setMode] = useState<TInterviewMode>(interview?.mode ?? 'video');
  const [addressId, setAddressId] = useState<string | null>(null);
  const [roomId, setRoomId] = useState<string | null>(interview?.room?.id ?? null);
  const [videoLink, setVideoLink] = useState(interview?.videoLink ?? '');
  const integrations = useMyIntegrations({ enabled: opened && mode === 'video' && !interview });
  const calendar = integrations.data?.connections.find((c) => c.service === 'calendar' && c.status === 'connected');
  const meetingProvider = calendar ? (calendar.provider === 'google' ? 'Google Meet' : 'Microsoft Teams') : null;
  const [phone, setPhone] = useState(interview?.phone ?? '');
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [notifyCandidate, setNotifyCandidate] = useState(true);
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<Record<string, string>>({});
  const [linkMode, setLinkMode] = useState(false);

  // A new interview starts from the plan's first round, once the plan is known.
  if (roundKey === null && !interview && plan.isFetched) {
    const first = rounds[0];
    setRoundKey(first ? first.id : AdHoc);
    if (first) applyRound(first.id);
  }
  // A rescheduled interview whose round left the plan keeps its name as an ad-hoc one.
  if (interview && plan.isFetched && roundKey !== AdHoc && !rounds.some((r) => r.id === roundKey)) {
    setRoundKey(AdHoc);
    setRoundName(interview.roundName);
  }
  // The rescheduled room's office, once the rooms are known.
  if (addressId === null && roomId && rooms.data) {
    const room = rooms.data.items.find((r) => r.id === roomId);
    if (room) setAddressId(room.addressId);
  }

  function applyRound(key: string | null) {
    const round = rounds.find((r) => r.id === key);
    if (!round) return;
    setDuration(round.durationMinutes);
    setInterviewerIds(round.interviewers.map((p) => p.id));
    setNamed(round.interviewers.map((p) => ({ id: p.id, fullName: p.name, email: '' })));
  }
  const changed = () => {
    schedule.reset();
    setInvalid({});
  };

  const offices = useMemo(() => {
    const seen = new Map<string, string>();
    for (const r of rooms.data?.items ?? []) if (r.active && !seen.has(r.addressId)) seen.set(r.addressId, `${r.locationName}: ${r.addressLabel}`);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [rooms.data]);
  const roomsHere = (rooms.data?.items ?? []).filter((r) => r.active && r.addressId === addressId);

  const durationMinutes = typeof duration === 'number' ? duration : Number.NaN;
  const searchRange = searchWindow(search.choice, timeZone, now, search.custom);
  const notReady =
    interviewerIds.length === 0
      ? 'Choose the interviewers to see when they are all free.'
      : !(durationMinutes >= InterviewLimits.minDurationMinutes && durationMinutes <= InterviewLimits.maxDurationMinutes)
        ? `Set a duration of ${InterviewLimits.minDurationMinutes} to ${InterviewLimits.maxDurationMinutes} minutes.`
        : !searchRange
          ? 'Choose the first and last day to search.'
          : null;
  const slots = useFreeSlots(
    notReady || !searchRange ? null : { interviewerIds, durationMinutes, from: searchRange.from, to: searchRange.to, timeZone, ...(mode === 'onsite' && addressId ? { addressId } : {}) },
  );

  const pickSlot = (slot: TFreeSlot) => {
    changed();
    setPicked(slot.start);
    const fields = localFields(slot.start, timeZone);
    setTypedDate(fields.date);
    setTypedTime(fields.time);
    if (mode === 'onsite' && slot.roomId) setRoomId(slot.roomId);
  };

  const round = rounds.find((r) => r.id === roundKey) ?? null;
  const start = typedInstant(typedDate, typedTime, timeZone);

  function buildRequest(acknowledgeConflicts: boolean): TScheduleInterviewRequest {
    return {
      applicationId,
      roundId: round?.id ?? null,
      roundName: round ? round.name : roundName.trim(),
      start: start ?? '',
      durationMinutes,
      timeZone,
      mode,
      roomId: mode === 'onsite' ? roomId : null,
      videoLink: mode === 'video' ? videoLink.trim() : '',
      phone: mode === 'phone' ? phone.trim() : '',
      interviewerIds,
      templateId,
      note: note.trim(),
      notifyCandidate,
      acknowledgeConflicts,
    };
  }

  function submit(acknowledgeConflicts: boolean) {
    const request = buildRequest(acknowledgeConflicts);
    const problems: Record<string, string> = {};
    // Only a new interview booked by someone with a connected calendar may leave the link to the provider.
    if (mode === 'video' && !request.videoLink && (interview || !meetingProvider)) problems.videoLink = 'Add the video call link';
    if (!start) problems.start = typedDate && typedTime ? 'That time does not exist on your clock (the clocks change then)' : 'Pick a suggested time or enter a date and time';
    if (!round && !request.roundName) problems.roundName = 'Name the interview';
    const parsed = ZScheduleInterviewRequest.safeParse(request);
    if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    setInvalid(problems);
    if (Object.keys(problems).length) return;
    schedule.mutate(
      { interviewId: interview?.id ?? null, input: request },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            title: interview ? 'Interview rescheduled' : 'Interview scheduled',
            message: `${saved.interview.roundName || 'Interview'} with ${candidateName}${notifyCandidate ? '; the invitations are on their way.' : '.'}`,
          });
          onClose();
        },
      },
    );
  }

  const conflicts = schedule.isError ? conflictsOf(schedule.error) : null;
  const title = interview ? `Reschedule the interview with ${candidateName}` : `Schedule an interview with ${candidateName}`;

  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl">
      {plan.isPending ? null : plan.isError ? (
        <Alert color="yellow" mb="sm">
          The job's interview plan could not be loaded ({errorMessage(plan.error)}): name the interview yourself.
        </Alert>
      ) : null}
      <Stack gap="sm">
        <Group grow align="flex-start">
          <Select
            label="Round"
            data={[...rounds.map((r) => ({ value: r.id, label: r.name })), { value: AdHoc, label: 'Other (not in the plan)' }]}
            value={roundKey}
            onChange={(key) => {
              changed();
              setRoundKey(key);
              applyRound(key);
            }}
            allowDeselect={false}
            disabled={plan.isPending}
            placeholder={plan.isPending ? 'Loading the plan…' : undefined}
          />
          {roundKey === AdHoc ? (
            <TextInput label="Interview name" value={roundName} onChange={(e) => (changed(), setRoundName(e.currentTarget.value))} error={invalid.roundName} maxLength={80} required />
          ) : null}
          <NumberInput
            label="Duration (minutes)"
            value={duration}
            onChange={(v) => (changed(), setDuration(v))}
            min={InterviewLimits.minDurationMinutes}
            max={InterviewLimits.maxDurationMinutes}
            step={15}
            error={invalid.durationMinutes}
          />
        </Group>
        <UsersPicker
          label="Interviewers"
          value={interviewerIds}
          named={named}
          max={InterviewLimits.maxInterviewers}
          onChange={(ids) => (changed(), setPicked(null), setInterviewerIds(ids))}
          error={invalid.interviewerIds}
        />
        <Radio.Group label="Where" value={mode} onChange={(m) => (changed(), setMode(m as TInterviewMode))}>
          <Group gap="md" mt={4}>
            {InterviewModes.map((m) => (
              <Radio key={m} value={m} label={InterviewModeLabels[m]} />
            ))}
          </Group>
        </Radio.Group>
        {mode === 'onsite' ? (
          rooms.isError ? (
            <Alert color="red">The meeting rooms could not be loaded: {errorMessage(rooms.error)}</Alert>
          ) : rooms.isSuccess && offices.length === 0 ? (
            <Alert color="yellow">No meeting rooms yet: an admin adds them under company settings, office locations.</Alert>
          ) : (
            <Group grow align="flex-start">
              <Select
                label="Office"
                data={offices}
                value={addressId}
                onChange={(id) => (changed(), setAddressId(id), setRoomId(null), setPicked(null))}
                placeholder={rooms.isPending ? 'Loading…' : 'Choose an office'}
              />
              <Select
                label="Meeting room"
                data={roomsHere.map((r) => ({ value: r.id, label: `${r.name} (${r.capacity} seats)` }))}
                value={roomId}
                onChange={(id) => (changed(), setRoomId(id))}
                placeholder={addressId ? 'Choose a room' : 'Choose the office first'}
                disabled={!addressId}
                error={invalid.roomId}
              />
            </Group>
          )
        ) : mode === 'video' ? (
          <TextInput
            label="Video call link"
            placeholder="https://"
            description={!interview && meetingProvider ? `Leave empty for a ${meetingProvider} link from your calendar` : undefined}
            value={videoLink}
            onChange={(e) => (changed(), setVideoLink(e.currentTarget.value))}
            error={invalid.videoLink}
          />
        ) : (
          <TextInput label="Phone number to call" description="Leave empty to call the candidate's number" value={phone} onChange={(e) => (changed(), setPhone(e.currentTarget.value))} error={invalid.phone} />
        )}
        <Divider />
        <SlotPicker
          timeZone={timeZone}
          search={search}
          onSearch={(s) => (setSearch(s), setPicked(null))}
          notReady={notReady}
          result={slots}
          picked={picked}
          onPick={pickSlot}
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Date"
            value={typedDate}
            onChange={(e) => (changed(), setPicked(null), setTypedDate(e.currentTarget.value))}
            error={invalid.start}
          />
          <TextInput
            type="time"
            label={`Time (${timeZone})`}
            value={typedTime}
            onChange={(e) => (changed(), setPicked(null), setTypedTime(e.currentTarget.value))}
          />
        </Group>
        {linkMode ? (
          <SelfScheduleForm
            applicationId={applicationId}
            candidateName={candidateName}
            round={{ id: round?.id, name: round ? round.name : roundName.trim() }}
            durationMinutes={durationMinutes}
            interviewerIds={interviewerIds}
            where={{ mode, addressId, videoLink: videoLink.trim(), phone: phone.trim() }}
            window={searchRange}
            templateId={templateId}
            timeZone={timeZone}
            onCancel={() => setLinkMode(false)}
            onSent={onClose}
          />
        ) : (
          <>
            <Divider />
            <Group grow align="flex-end">
              <Select
                label="Invitation template"
                data={(templates.data?.items ?? []).map((t) => ({ value: t.id, label: t.name }))}
                value={templateId}
                onChange={(id) => (changed(), setTemplateId(id))}
                placeholder={templates.isPending ? 'Loading…' : 'The built-in invitation'}
                clearable
              />
              <Checkbox label="Notify the candidate" checked={notifyCandidate} onChange={(e) => (changed(), setNotifyCandidate(e.currentTarget.checked))} mb={8} />
            </Group>
            <InvitationPreview
              request={{
                applicationId,
                ...(templateId ? { templateId } : {}),
                ...(start ? { start } : {}),
                ...(Number.isFinite(durationMinutes) ? { durationMinutes } : {}),
                mode,
                ...(mode === 'onsite' && roomId ? { roomId } : {}),
                ...(mode === 'video' && videoLink.trim() ? { videoLink: videoLink.trim() } : {}),
                interviewerIds,
                timeZone,
                roundName: round ? round.name : roundName.trim(),
              }}
            />
            <Textarea label="Note for the interviewers" autosize minRows={1} maxRows={4} value={note} onChange={(e) => (changed(), setNote(e.currentTarget.value))} maxLength={InterviewLimits.noteMax} />
            {conflicts ? (
              <Alert color="orange" role="alert" title="Some interviewers are already booked then">
                <List size="sm" mb="xs">
                  {conflicts.map((c) => (
                    <List.Item key={`${c.userId}-${c.interviewId}`}>
                      {c.userName} ({slotLabel(c, timeZone)})
                    </List.Item>
                  ))}
                </List>
                <Group gap="xs">
                  <Button size="xs" color="orange" onClick={() => submit(true)} loading={schedule.isPending}>
                    Book anyway
                  </Button>
                  <Text fz="xs">or pick another time.</Text>
                </Group>
              </Alert>
            ) : schedule.isError ? (
              <Alert color="red" role="alert">
                {errorMessage(schedule.error)}
              </Alert>
            ) : null}
            <Group justify="space-between">
              {interview ? <span /> : (
                <Button variant="subtle" onClick={() => setLinkMode(true)}>
                  Let the candidate pick a time
                </Button>
              )}
              <Group gap="xs">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button onClick={() => submit(false)} loading={schedule.isPending}>
                  {interview ? 'Save new time' : 'Schedule interview'}
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
