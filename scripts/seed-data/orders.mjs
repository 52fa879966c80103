// Demo store orders (one paid by card, two from the order form) and one chat conversation.
// Order ids and session ids follow the formats the Worker generates (ord_ + 24 base32 characters,
// session_<ms>_<random>, chat_<random>); `lines` name products of products.mjs by id.
import { company } from "../../schema/business.ts";

export const orders = [
  {
    id: "ord_q7fk2mzt4wxb6nrc3hpy5dla",
    sessionId: "session_1761911000000_Xb7Kq2LmN9pR4sT6vW8yZa",
    customerName: "Gary Hollins",
    customerEmail: "gary.hollins@example.org",
    customerPhone: "07700 900129",
    shippingAddress: "17 Derbyshire Lane, Stretford, Manchester M32 8DN",
    notes: null,
    paymentMethod: "card",
    paymentStatus: "paid",
    fulfilmentStatus: "dispatched",
    stripeSessionId: "cs_test_seed0001GaryHollinsCardOrder",
    at: [-6, "14:22"],
    paidAt: [-6, "14:24"],
    lines: [
      { productId: 9, quantity: 1 },
      { productId: 31, quantity: 2 },
    ],
  },
  {
    id: "ord_m3vd6ksa2gte7jwq4bnx5cfr",
    sessionId: "session_1763300000000_Lp3Qw8Er5Ty2Ui7Op4As6D",
    customerName: "Priya Patel",
    customerEmail: "priya.patel@example.net",
    customerPhone: "0161 496 0587",
    shippingAddress: "8 Westbourne Grove, Sale M33 6FE",
    notes: "Please leave with the neighbour at number 10 if nobody is in.",
    paymentMethod: "order_form",
    paymentStatus: "unpaid",
    fulfilmentStatus: "new",
    stripeSessionId: null,
    at: [-1, "10:05"],
    paidAt: null,
    lines: [
      { productId: 17, quantity: 2 },
      { productId: 20, quantity: 4 },
    ],
  },
  {
    id: "ord_h2ny7pxe4rck5tmw3zqj6bsu",
    sessionId: "session_1762600000000_Zx9Cv4Bn7Mq2Wr5Et8Yu3I",
    customerName: "Tom Ashworth",
    customerEmail: "tom.ashworth@example.com",
    customerPhone: "07700 900903",
    shippingAddress: "Flat 4, 22 Church Road, Urmston M41 9DD",
    notes: null,
    paymentMethod: "order_form",
    paymentStatus: "paid",
    fulfilmentStatus: "completed",
    stripeSessionId: null,
    at: [-19, "09:40"],
    paidAt: [-17, "12:00"],
    lines: [{ productId: 29, quantity: 1 }],
  },
];

export const chatSessionId = "chat_R7tYk2PqW9xLm4NvB6cZs8DfG3hJa5Ue";

/** [seconds after the first message, sender, text]; the conversation starts at `chatStartsAt`. */
export const chatStartsAt = [-2, "19:12"];
export const chatMessages = [
  [0, "customer", "Hi, my Worcester combi keeps losing pressure. Is that something you can fix?"],
  [
    6,
    "ai",
    "Yes, we repair pressure loss on all Worcester boilers. Common causes are a weeping pressure relief valve, a failed expansion vessel or a small leak. Would you like a quote or an engineer visit?",
  ],
  [48, "customer", "An engineer visit please. I'm in Stretford, M32."],
  [
    55,
    "ai",
    `Stretford is in our same-day service area. Use the quote form on this page or call us on ${company.phone} and we'll book a time that suits you.`,
  ],
];
