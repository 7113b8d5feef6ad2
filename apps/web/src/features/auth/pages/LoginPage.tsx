import { Box, Paper, Text } from '@mantine/core';
import { LoginForm } from '../components/LoginForm';
import { MarketingPanel } from '../components/MarketingPanel';
import classes from './LoginPage.module.css';

export default function LoginPage() {
  return (
    <Box component="main" className={classes.page}>
      <Box className={classes.formSide}>
        <Paper className={classes.card} p="xl" radius="md" withBorder shadow="sm">
          <Text fw={700} c="slate.7" mb="lg" size="sm" tt="uppercase" lts={1}>
            S.M.A.R.T. Management
          </Text>
          <LoginForm />
        </Paper>
      </Box>
      <MarketingPanel />
    </Box>
  );
}
