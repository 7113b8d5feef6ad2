import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { browserTimeZone } from '@/lib/time-zone';
import { supportedTimeZones, timeZoneOptions, zoneOffset } from '@/lib/time-zone-options';

interface TimeZoneSelectProps {
  label: string;
  /** What the zone is for; the zone's offset now is added after it. */
  description: string;
  value: string | null;
  onChange: (zone: string) => void;
  disabled?: boolean;
}

/** A searchable list of the IANA zones (the browser's and the chosen one always among them). */
export function TimeZoneSelect({ label, description, value, onChange, disabled = false }: TimeZoneSelectProps) {
  const options = useMemo(() => timeZoneOptions(supportedTimeZones(), [browserTimeZone(), value]), [value]);
  const offset = value ? zoneOffset(value, new Date()) : null;
  return (
    <Select
      label={label}
      description={offset ? `${description} Now ${offset}.` : description}
      data={options}
      value={value}
      searchable
      nothingFoundMessage="No time zone matches"
      allowDeselect={false}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      disabled={disabled}
      onChange={(zone) => zone && onChange(zone)}
    />
  );
}
