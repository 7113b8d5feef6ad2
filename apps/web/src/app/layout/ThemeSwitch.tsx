import {
  ActionIcon,
  type MantineColorScheme,
  Menu,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { HiCheck, HiDesktopComputer, HiMoon, HiSun } from 'react-icons/hi';

const CHOICES: { value: MantineColorScheme; label: string; icon: typeof HiSun }[] = [
  { value: 'light', label: 'Light', icon: HiSun },
  { value: 'dark', label: 'Dark', icon: HiMoon },
  { value: 'auto', label: 'Same as system', icon: HiDesktopComputer },
];

/**
 * The top bar's theme menu: light, dark or the system's (the default). Mantine keeps the choice in
 * this browser's local storage, where prerender/color-scheme.ts reads it before the first paint.
 */
export function ThemeSwitch() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const shown = useComputedColorScheme('light');
  const Icon = shown === 'dark' ? HiMoon : HiSun;
  return (
    <Menu position="bottom-end" width={190}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Color theme">
          <Icon size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Theme</Menu.Label>
        {CHOICES.map((choice) => (
          <Menu.Item
            key={choice.value}
            // Mantine keeps role="menuitem"; the chosen one is marked as current.
            aria-current={colorScheme === choice.value ? 'true' : undefined}
            leftSection={<choice.icon size={16} aria-hidden />}
            rightSection={colorScheme === choice.value ? <HiCheck size={16} aria-hidden /> : null}
            onClick={() => setColorScheme(choice.value)}
          >
            {choice.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
