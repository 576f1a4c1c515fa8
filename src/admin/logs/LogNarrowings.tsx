import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { LOG_REFINEMENTS } from '@machines/admin-grid/log-grids';
import { errorLevels } from '@contracts/error-log';
import { labels } from '@src/i18n/admin-labels';
import type { GridRef } from '../shared/grid-ref';

/** One day input of the date range: the day picked (or none), sent to the grid as its narrowing. */
function DayInput<Row>({ gridRef, name, label }: { gridRef: GridRef<Row>; name: string; label: string }) {
  const value = useSelector(gridRef, (s) => s.context.refinements[name] ?? '');
  return (
    <Field.Root width="auto">
      <HStack gap="2">
        <Field.Label whiteSpace="nowrap">{label}</Field.Label>
        <Input
          size="sm"
          type="date"
          value={value}
          onChange={(event) => {
            gridRef.send({ type: 'filter.refine', name, value: event.currentTarget.value });
          }}
        />
      </HStack>
    </Field.Root>
  );
}

/** A log's date range (both days included): each change reads the grid's first page again. */
export function DateRange<Row>({ gridRef }: { gridRef: GridRef<Row> }) {
  const { i18n } = useLingui();
  return (
    <HStack gap="3" wrap="wrap">
      <DayInput gridRef={gridRef} name={LOG_REFINEMENTS.from} label={i18n._(labels.Log_Field_From)} />
      <DayInput gridRef={gridRef} name={LOG_REFINEMENTS.to} label={i18n._(labels.Log_Field_To)} />
    </HStack>
  );
}

/** The error log's level: all, or one. */
export function LevelFilter<Row>({ gridRef }: { gridRef: GridRef<Row> }) {
  const { i18n } = useLingui();
  const level = useSelector(gridRef, (s) => s.context.refinements[LOG_REFINEMENTS.level] ?? '');
  return (
    <NativeSelect.Root size="sm" width="40">
      <NativeSelect.Field
        aria-label={i18n._(labels.Log_Field_Level)}
        value={level}
        onChange={(event) => {
          gridRef.send({ type: 'filter.refine', name: LOG_REFINEMENTS.level, value: event.currentTarget.value });
        }}
      >
        <option value="">{i18n._(labels.Log_Text_AllLevels)}</option>
        {errorLevels.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
