import { Alert, Anchor, Badge, Button, CloseButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ResumeBatchLimits } from '@hireflow/contracts/candidates-resumes';
import { errorMessage } from '@/lib/api-client';
import { useAddSkill, useRemoveSkill, useSkillsVocabulary } from './resumes-api';

/** The company's skills vocabulary: the default list plus what admins add; résumés' skills are suggested from it. */
export function SkillsVocabularySettings() {
  const list = useSkillsVocabulary();
  const add = useAddSkill();
  const remove = useRemoveSkill();
  const [name, setName] = useState('');
  return (
    <Stack gap="md" maw={800}>
      <Anchor component={Link} to="/company-settings/manage-lists" size="sm">
        ← Lists
      </Anchor>
      <Title order={1}>Skills</Title>
      <Text size="sm" c="dimmed">
        Skills found in a résumé are suggested from this list when candidates are added from their résumés. Add the skills your company hires for.
      </Text>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) add.mutate(name.trim(), { onSuccess: () => setName('') });
        }}
      >
        <Group align="flex-end">
          <TextInput label="New skill" value={name} maxLength={ResumeBatchLimits.maxSkillLength} onChange={(e) => setName(e.currentTarget.value)} error={add.isError ? errorMessage(add.error) : null} w={280} />
          <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
            Add skill
          </Button>
        </Group>
      </form>
      {remove.isError ? <Alert color="red">{errorMessage(remove.error)}</Alert> : null}
      {list.isPending ? <Loader size="sm" role="progressbar" aria-label="Loading skills" /> : null}
      {list.isError ? <Alert color="red">{errorMessage(list.error)}</Alert> : null}
      {list.data ? (
        <>
          <Text size="sm">{list.data.items.length} skills</Text>
          <Group gap="xs" role="list" aria-label="Skills">
            {list.data.items.map((skill) => (
              <Badge
                key={skill}
                role="listitem"
                variant="light"
                size="lg"
                tt="none"
                rightSection={<CloseButton size="xs" aria-label={`Remove ${skill}`} onClick={() => remove.mutate(skill)} disabled={remove.isPending} />}
              >
                {skill}
              </Badge>
            ))}
          </Group>
        </>
      ) : null}
    </Stack>
  );
}
