import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ScreeningQuestionTypeLabels, type TScreeningQuestion } from '@hireflow/contracts/candidates-questions';
import { useSearchScreeningQuestions } from './questions-api';

/** Finds an active question of the company's bank by its text (the SPEC search call) and hands it over when picked. */
export function QuestionBankPicker({ onPick }: { onPick: (question: TScreeningQuestion) => void }) {
  const [search, setSearch] = useState('');
  const [text] = useDebouncedValue(search, 250);
  const found = useSearchScreeningQuestions(text);
  const questions = found.data?.questions ?? [];
  const data = questions.map((q) => ({ value: q.id, label: `${q.text} (${ScreeningQuestionTypeLabels[q.type]})` }));
  return (
    <Select
      label="Question from the bank"
      placeholder="Search the question bank"
      searchable
      data={data}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No active question matches'}
      onChange={(id) => {
        const question = questions.find((q) => q.id === id);
        if (question) {
          onPick(question);
          setSearch('');
        }
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
