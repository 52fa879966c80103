import { Checkbox, Flex, Grid, Text } from "@radix-ui/themes";
import { type Bind, TextSetting } from "./settings-fields";

/**
 * The firm's review rating as the owner reads it on the review site (issue 49): the pages show it
 * only when it is entered, naming the site and linking it to the reviews page above. All empty: the
 * pages claim no rating.
 */
export function RatingFields({ bind }: { bind: Bind }) {
  const rating = bind.form.rating;
  return (
    <>
      <Grid columns={{ initial: "1", sm: "2" }} gap="4" mt="4">
        <TextSetting
          bind={bind}
          path="rating.value"
          label="Rating out of 5"
          hint="As the site shows it, for example 4.9"
          inputMode="decimal"
          maxLength={3}
          value={rating.value}
        />
        <TextSetting
          bind={bind}
          path="rating.count"
          label="Number of reviews"
          inputMode="numeric"
          maxLength={10}
          value={rating.count}
        />
        <TextSetting
          bind={bind}
          path="rating.source"
          label="Review site"
          hint="Its name as the pages say it, for example Google"
          maxLength={40}
          value={rating.source}
        />
        <TextSetting bind={bind} path="rating.checkedOn" label="Checked on" type="date" value={rating.checkedOn} />
      </Grid>
      <Text as="label" size="2" mt="3" style={{ display: "block" }}>
        <Flex gap="2" align="start">
          <Checkbox checked={rating.verified} onCheckedChange={(checked) => bind.set("rating.verified", checked === true)} />
          <span>The site checks that every reviewer was a customer (the pages then say "verified reviews"; Google does not)</span>
        </Flex>
      </Text>
    </>
  );
}
