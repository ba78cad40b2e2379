import { useState } from 'react';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/** A password input whose show/hide toggle is a named, keyboard-reachable button. */
export function PasswordField(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': visible ? 'Hide password' : 'Show password', tabIndex: 0 }}
    />
  );
}
