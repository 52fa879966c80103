import { Button, Callout, Flex, Spinner, Text } from "@radix-ui/themes";

/** The one loading, empty and error look of every admin list. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Flex role="status" align="center" justify="center" gap="3" py="9">
      <Spinner size="3" />
      <Text color="gray">{label}</Text>
    </Flex>
  );
}

export function EmptyState({ message }: { message: string }) {
  return (
    <Flex className="admin-empty" align="center" justify="center" py="8" px="4">
      <Text color="gray" align="center">
        {message}
      </Text>
    </Flex>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Callout.Root color="red" role="alert" my="4">
      <Callout.Text>
        {message}{" "}
        <Button size="1" variant="soft" color="red" onClick={onRetry}>
          Try Again
        </Button>
      </Callout.Text>
    </Callout.Root>
  );
}
