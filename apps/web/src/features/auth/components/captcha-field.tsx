import { ActionIcon, Group, Image, Skeleton, Stack, TextInput, type TextInputProps } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TCaptchaResponse } from '@hireflow/contracts/auth';
import { FormAlert } from '@/components/form-alert';
import { errorMessage } from '@/lib/api-client';

function RefreshIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M21 12a9 9 0 1 1-3-6.7" />
      <path d="M21 3v6h-6" />
    </svg>
  );
}

/** The captcha image from /api/captcha_api, a button for a new one, and the answer field. */
export function CaptchaField({ captcha, inputProps }: { captcha: UseQueryResult<TCaptchaResponse>; inputProps: TextInputProps }) {
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="nowrap">
        {/* A used captcha is never shown while its replacement loads: an answer to it would be refused. */}
        {captcha.data && !captcha.isFetching ? (
          <Image
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(captcha.data.svg)}`}
            alt="Captcha: type the characters shown in this image"
            h={50}
            w={150}
            fit="contain"
            bg="gray.0"
            radius="sm"
          />
        ) : (
          <Skeleton h={50} w={150} radius="sm" aria-hidden="true" />
        )}
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Show a new captcha"
          onClick={() => void captcha.refetch()}
          loading={captcha.isFetching}
        >
          <RefreshIcon />
        </ActionIcon>
      </Group>
      {captcha.isError ? <FormAlert message={errorMessage(captcha.error)} /> : null}
      <TextInput label="Captcha" description="Type the characters in the image" autoComplete="off" {...inputProps} />
    </Stack>
  );
}
