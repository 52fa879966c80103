import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { delivery } from "../../../schema/business";
import { CheckCircleIcon, TruckIcon } from "../store/icons";
import "./cart.css";

export function DeliveryInfo() {
  return (
    <Card size="3" className="checkout-card">
      <Flex align="center" gap="2" mb="3">
        <TruckIcon size={20} className="checkout-card__icon" />
        <Heading as="h2" size="5">
          Delivery Information
        </Heading>
      </Flex>
      <ul className="delivery-terms">
        {delivery.terms.map((term) => (
          <li key={term}>
            <CheckCircleIcon size={16} className="delivery-terms__tick" />
            <Text size="2">{term}</Text>
          </li>
        ))}
      </ul>
    </Card>
  );
}
