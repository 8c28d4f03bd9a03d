/**
 * «Ganadora»: a choice among the experiment's own variants (their names and keys), or none (the
 * control), instead of a key typed by hand. Until the experiment is ended the choice is shown but
 * cannot be made (the field's validation says why).
 */
import { Flex, Radio, Stack, Text } from "@sanity/ui";
import { set, type StringInputProps, unset, useFormValue } from "sanity";
import { winnerChoices } from "../schemaTypes/documents/experiment-rules";

export function WinnerInput(props: StringInputProps) {
  const { value, onChange, readOnly, elementProps } = props;
  const variants = useFormValue(["variants"]) as Parameters<typeof winnerChoices>[0];
  const choices = winnerChoices(variants);
  return (
    <Stack space={3} role="radiogroup" aria-labelledby={elementProps.id}>
      {choices.map((choice) => (
        <Flex as="label" key={choice.value || "none"} align="center" gap={2}>
          <Radio
            name={elementProps.id}
            value={choice.value}
            checked={(value ?? "") === choice.value}
            readOnly={readOnly}
            disabled={readOnly}
            onChange={() => onChange(choice.value ? set(choice.value) : unset())}
          />
          <Text size={1}>{choice.title}</Text>
        </Flex>
      ))}
    </Stack>
  );
}
