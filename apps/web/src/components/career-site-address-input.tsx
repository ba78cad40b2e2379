import { Text, TextInput, type TextInputProps } from '@mantine/core';

const Prefix = '…/careers/';

/**
 * The company's slug, shown as the web address it becomes: `…/careers/` sits before the field and the
 * description spells out the whole address, so nobody mistakes it for a street address.
 */
export function CareerSiteAddressInput({ value, ...props }: Omit<TextInputProps, 'label' | 'description' | 'leftSection'>) {
  const address = `${window.location.origin}/careers/${typeof value === 'string' && value ? value : 'your-company'}`;
  return (
    <TextInput
      label="Career site address"
      description={`Your career site will be at ${address}. Lowercase letters, digits and dashes.`}
      leftSection={
        <Text fz="sm" c="dimmed" aria-hidden>
          {Prefix}
        </Text>
      }
      leftSectionWidth={84}
      leftSectionPointerEvents="none"
      autoCapitalize="none"
      spellCheck={false}
      value={value}
      {...props}
    />
  );
}
