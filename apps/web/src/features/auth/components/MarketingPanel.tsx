import { Box, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { IconType } from 'react-icons';
import {
  HiBookOpen,
  HiCalendar,
  HiChartBar,
  HiChatAlt2,
  HiClipboardCheck,
  HiDocumentText,
  HiLightBulb,
  HiSupport,
} from 'react-icons/hi';
import classes from './MarketingPanel.module.css';

/** The three pillars the sign-in page names. */
const PILLARS = [
  { title: 'Project management', text: 'Plan, assign and track the work of every team.' },
  { title: 'Advisor support', text: 'Open tickets and schedule time with your business advisor.' },
  {
    title: 'Template library',
    text: 'Policy and process documents for finance, operations, leadership, HR and marketing.',
  },
] as const;

const ICONS: { icon: IconType; label: string }[] = [
  { icon: HiClipboardCheck, label: 'Projects' },
  { icon: HiCalendar, label: 'Scheduling' },
  { icon: HiChartBar, label: 'Progress' },
  { icon: HiSupport, label: 'Support' },
  { icon: HiChatAlt2, label: 'Messenger' },
  { icon: HiDocumentText, label: 'Templates' },
  { icon: HiBookOpen, label: 'Policies' },
  { icon: HiLightBulb, label: 'Advice' },
];

export function MarketingPanel() {
  return (
    <Box className={classes.panel} component="section" aria-labelledby="marketing-title">
      <Stack gap="lg" maw={480}>
        <div>
          <Title order={1} id="marketing-title" c="white">
            S.M.A.R.T.
          </Title>
          <Text c="slate.1" size="lg">
            Your all-in-one business management platform
          </Text>
        </div>

        <Stack gap="sm" component="ul" className={classes.pillars}>
          {PILLARS.map((pillar) => (
            <li key={pillar.title}>
              <Text fw={600} c="white">
                {pillar.title}
              </Text>
              <Text size="sm" c="slate.1">
                {pillar.text}
              </Text>
            </li>
          ))}
        </Stack>

        <SimpleGrid cols={4} spacing="sm" className={classes.iconGrid} aria-hidden>
          {ICONS.map(({ icon: Icon, label }) => (
            <Stack key={label} align="center" gap={4}>
              <ThemeIcon size={48} radius="md" variant="white" color="slate">
                <Icon size={26} />
              </ThemeIcon>
              <Text size="xs" c="slate.1">
                {label}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
