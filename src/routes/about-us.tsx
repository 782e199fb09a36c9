import { Stack, Text, Title } from '@mantine/core';

export function AboutUs() {
  return (
    <Stack maw={760}>
      <Title order={2}>About Us</Title>
      <Text>
        The trust was started in 1988 to care for street and working children. It runs contact points, open shelters and
        homes, and a child help line, and works with the Child Welfare Committees to restore children to their families
        or place them in safe care.
      </Text>
      <Text>
        Ashray is the trust&apos;s case-management app: staff register children, follow their education, health and
        mental-health support, social protection schemes, CWC produce and refer work, transfers, exits and restorations,
        even where the network does not reach.
      </Text>
    </Stack>
  );
}
