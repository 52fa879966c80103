import { Button, Flex, Text } from "@radix-ui/themes";
import { ErrorState, LoadingState } from "../../components/admin/admin-states";
import { FormDialog } from "../../components/admin/customers/form-dialog";
import { PageHeader } from "../../components/admin/page-header";
import { TestimonialCard } from "../../components/admin/testimonials/testimonial-card";
import { TestimonialForm } from "../../components/admin/testimonials/testimonial-form";
import { useTestimonials } from "../../hooks/admin/use-testimonials";
import { toastFailure } from "../../lib/admin/form-toasts";
import { notify } from "../../lib/toast";

/**
 * The owner's Testimonials screen: what customers said, entered from where they said it, with their
 * consent to publish; the home page shows the published ones (issue 49), and nothing when there are none.
 */
export default function Testimonials() {
  const { testimonials, error, refresh, setPublished, remove } = useTestimonials();

  async function act(what: () => Promise<unknown>, done: { title: string; description: string }) {
    try {
      await what();
      notify({ ...done, variant: "success" });
    } catch (e) {
      toastFailure("Not changed", "Please try again.")(e);
    }
    await refresh();
  }

  const addButton = (
    <FormDialog title="Add a testimonial" trigger={<Button>Add a testimonial</Button>}>
      {(close) => (
        <TestimonialForm
          onSaved={async () => {
            close();
            notify({ title: "Testimonial added", variant: "success" });
            await refresh();
          }}
        />
      )}
    </FormDialog>
  );

  return (
    <>
      <PageHeader
        title="Testimonials"
        subtitle="What customers said, with their consent: the home page shows those you publish."
        actions={addButton}
      />
      {error ? (
        <ErrorState message="Couldn't load the testimonials." onRetry={refresh} />
      ) : !testimonials ? (
        <LoadingState label="Loading the testimonials…" />
      ) : testimonials.length === 0 ? (
        <Text as="p" color="gray">
          None yet. The home page shows no testimonials section until you publish one.
        </Text>
      ) : (
        <Flex direction="column" gap="3" className="admin-list">
          {testimonials.map((t) => (
            <TestimonialCard
              key={t.id}
              testimonial={t}
              onChanged={refresh}
              setPublished={(isPublished) =>
                act(() => setPublished(t.id, isPublished), {
                  title: isPublished ? "Published" : "Unpublished",
                  description: isPublished
                    ? `${t.shownName}'s words are on the home page.`
                    : `${t.shownName}'s words are off the site.`,
                })
              }
              remove={() => act(() => remove(t.id), { title: "Deleted", description: `${t.shownName}'s testimonial is gone.` })}
            />
          ))}
        </Flex>
      )}
    </>
  );
}
