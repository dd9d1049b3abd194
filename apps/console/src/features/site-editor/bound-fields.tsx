import {
  NumberInput,
  type NumberInputProps,
  Switch,
  type SwitchProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import { memo } from 'react';
import { type TPath, useField, useToggle } from './editor-context';

// Inputs bound to one field of the document, each its own component: a keystroke re-renders the
// field typed in, not the form around it (the form passes only stable props: a path, a label).

type TBound<P> = Omit<P, 'value' | 'onChange' | 'error' | 'checked'> & { path: TPath };

export const BoundTextInput = memo(function BoundTextInput({ path, ...props }: TBound<TextInputProps>) {
  return <TextInput {...props} {...useField(path)} />;
}, samePath);

export const BoundTextarea = memo(function BoundTextarea({ path, ...props }: TBound<TextareaProps>) {
  return <Textarea {...props} {...useField(path)} />;
}, samePath);

const numberOf = (v: unknown) => (typeof v === 'number' ? v : Number(v) || 0);

export const BoundNumberInput = memo(function BoundNumberInput({ path, ...props }: TBound<NumberInputProps>) {
  return <NumberInput {...props} {...useField<number>(path, numberOf)} />;
}, samePath);

export const BoundSwitch = memo(function BoundSwitch({ path, ...props }: TBound<SwitchProps>) {
  return <Switch {...props} {...useToggle(path)} />;
}, samePath);

/** Props are equal when the path names the same field and the rest is the same. */
function samePath<P extends { path: TPath }>(a: P, b: P) {
  const keys = Object.keys(a) as (keyof P)[];
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => (k === 'path' ? a.path.join('.') === b.path.join('.') : a[k] === b[k]))
  );
}
