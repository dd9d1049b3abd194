import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The red bin of a removable row (menu entry, SNS link, form field, product), named by its tooltip. */
export function RemoveButton({
  label,
  onClick,
  disabled,
  inline = false,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** Beside labelled inputs the button drops to their baseline; inline it sits in a header. */
  inline?: boolean;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        mt={inline ? undefined : 26}
        variant="subtle"
        color="red"
        onClick={onClick}
        disabled={disabled}
        aria-label={label}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
