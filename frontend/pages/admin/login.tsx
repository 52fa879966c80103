import "../../components/admin/admin.css";
import { Box, Button, Card, Flex, Heading, Text, TextField } from "@radix-ui/themes";
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import type { AdminLoginResult } from "../../../schema/api/admin";
import { company } from "../../../schema/business";
import { BackIcon } from "../../components/admin/icons";
import { setAdminToken } from "../../lib/admin-token";
import { api, HttpError } from "../../lib/api";
import { notify } from "../../lib/toast";

export default function Login() {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    try {
      const result = await api<AdminLoginResult>("/api/admin/login", {
        json: { username: String(form.get("username") ?? ""), password: String(form.get("password") ?? "") },
      });
      if (!result.success) return;
      setAdminToken(result.token);
      notify({ title: "Login Successful", description: "Welcome back.", variant: "success" });
      navigate("/quotes", { replace: true });
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) {
        notify({ title: "Login Failed", description: "Invalid username or password", variant: "destructive" });
        return;
      }
      // Throttling answers with its own message (how long to wait); other failures get the screen's own text.
      const throttled = error instanceof HttpError && error.status === 429 ? error.serverMessage : undefined;
      notify({
        title: "Login Error",
        description: throttled ?? "Invalid credentials. Please try again.",
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <main id="main" className="admin-shell admin-login">
      <Flex align="center" justify="center" px="4" py="9">
        <Card size="4" className="admin-login-card">
          <Heading as="h1" size="6" className="admin-title">
            Admin Login
          </Heading>
          <Text as="p" color="gray" size="2" mt="1" mb="5">
            {company.name} back office
          </Text>
          <form onSubmit={submit} aria-label="Admin login">
            <Flex direction="column" gap="4">
              <Box>
                <Text as="label" htmlFor="admin-username" size="2" weight="medium">
                  Username
                </Text>
                <TextField.Root id="admin-username" name="username" autoComplete="username" required size="3" mt="1" autoFocus />
              </Box>
              <Box>
                <Text as="label" htmlFor="admin-password" size="2" weight="medium">
                  Password
                </Text>
                <TextField.Root
                  id="admin-password"
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  size="3"
                  mt="1"
                />
              </Box>
              <Button type="submit" size="3" loading={pending}>
                Log in
              </Button>
              <Button asChild variant="ghost" color="gray" size="2">
                <Link href="~/">
                  <BackIcon />
                  Back to website
                </Link>
              </Button>
            </Flex>
          </form>
        </Card>
      </Flex>
    </main>
  );
}
