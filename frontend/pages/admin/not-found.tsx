import "../../components/admin/admin.css";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Link } from "wouter";

export default function AdminNotFound() {
  return (
    <main id="main" className="admin-shell">
      <Flex direction="column" align="center" justify="center" gap="3" py="9" px="4">
        <Heading as="h1">404 Page Not Found</Heading>
        <Text color="gray">There is no admin screen at this address.</Text>
        <Flex gap="3" wrap="wrap" justify="center">
          <Button asChild>
            <Link href="/quotes">Go to quotes</Link>
          </Button>
          <Button asChild variant="soft">
            <Link href="~/">Go to the website</Link>
          </Button>
        </Flex>
      </Flex>
    </main>
  );
}
