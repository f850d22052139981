// Payouts (website.settings.payout): the balance, a payout request (checked by the core, sent
// with an idempotency key that a retry reuses), the payout cards (add, make default, remove)
// and the history of requests.
import { Alert, Badge, Button, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Skeleton, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type PayoutProblem, checkCard, checkPayoutAmount } from "../../../core";
import { translateCore } from "../../../i18n";
import { errorText } from "../../../lib/errors";
import type { NewCard } from "../../../types/generated/NewCard";
import type { PayoutCard } from "../../../types/generated/PayoutCard";
import { ConfirmDialog } from "../../../components/records/ConfirmDialog";
import { Section } from "../../../components/records/DetailPage";
import { useAddCard, useBalanceDetail, useCards, useMakeDefault, usePayoutRequests, useRemoveCard, useRequestPayout } from "../api/payouts";
import { SettingsForm } from "./SettingsForm";
import { TestModeSection } from "./TestModeSection";
import { notifyError } from "../../../lib/events";
import { useFormats } from "../../../hooks/useFormats";
import { PAGE_WIDTH } from "../../../components/widths";
import { MoneyInput } from "../../../components/MoneyInput";

const HISTORY_PAGE = 10;
const STATUS_COLOURS: Record<string, string> = { pending: "yellow", paid: "green", rejected: "red" };

function problemText(problem: PayoutProblem | null): string | null {
  return problem ? translateCore(problem.code, problem.message) : null;
}

function Tile({ label, value }: { label: string; value: string | null }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Skeleton visible={value === null} width={value === null ? "60%" : undefined} mt={4}>
        <Text fz="lg" fw={700}>
          {value ?? "\u00a0"}
        </Text>
      </Skeleton>
    </Paper>
  );
}

function RequestForm({ cards }: { cards: PayoutCard[] }) {
  const formats = useFormats();
  const { t } = useTranslation();
  const request = useRequestPayout();
  const [amount, setAmount] = useState<number | "">("");
  const [cardId, setCardId] = useState<string | null>(null);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const chosen = cardId ?? cards.find((card) => card.isDefault)?.id ?? null;
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemText(checkPayoutAmount(amount === "" ? Number.NaN : amount, formats.currency.code));
    setProblem(found);
    if (found || amount === "") return;
    request.mutate(
      { input: { amount, cardId: chosen }, key },
      {
        onSuccess: (made) => {
          notifications.show({ color: "green", message: t("payouts.requested", { amount: formats.money(made.amount) }) });
          setAmount("");
          setKey(crypto.randomUUID());
        },
      },
    );
  }
  // A different payout is a new request: it gets a key of its own.
  const edit = (change: () => void) => {
    change();
    setKey(crypto.randomUUID());
  };
  return (
    <Stack gap="sm" component="form" onSubmit={submit} aria-label={t("payouts.request")}>
      <Group align="flex-end" wrap="wrap">
        <MoneyInput
          label={t("payouts.amount")}
          min={0}
          w={180}
          value={amount === "" ? undefined : amount}
          onValue={(value) => edit(() => setAmount(value ?? ""))}
        />
        <Select
          label={t("payouts.toCard")}
          w={260}
          value={chosen}
          placeholder={t("payouts.noCard")}
          data={cards.map((card) => ({ value: card.id, label: `${card.brand} ${card.maskedNumber}` }))}
          onChange={(value) => edit(() => setCardId(value))}
        />
        <Button type="submit" loading={request.isPending}>
          {t("payouts.request")}
        </Button>
      </Group>
      {(problem || request.isError) && (
        <Alert color="red" role="alert" title={t("manage.saveFailed")}>
          {problem ?? errorText(request.error)}
        </Alert>
      )}
    </Stack>
  );
}

const EMPTY_CARD: NewCard = { holder: "", number: "", expMonth: 1, expYear: new Date().getFullYear() + 1, isDefault: false };

function CardForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddCard();
  const [card, setCard] = useState<NewCard>(EMPTY_CARD);
  const [problem, setProblem] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const found = problemText(checkCard(card.holder, card.number, card.expMonth, card.expYear, new Date()));
    setProblem(found);
    if (!found)
      add.mutate(card, {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("payouts.cardAdded") });
          onDone();
        },
      });
  }
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-label={t("payouts.addCard")}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t("payouts.holder")} value={card.holder} onChange={(e) => setCard({ ...card, holder: e.currentTarget.value })} />
          <TextInput
            label={t("payouts.number")}
            inputMode="numeric"
            autoComplete="cc-number"
            value={card.number}
            onChange={(e) => setCard({ ...card, number: e.currentTarget.value })}
          />
          <NumberInput label={t("payouts.expMonth")} min={1} max={12} value={card.expMonth} onChange={(v) => setCard({ ...card, expMonth: Number(v) || 0 })} />
          <NumberInput label={t("payouts.expYear")} min={2000} value={card.expYear} onChange={(v) => setCard({ ...card, expYear: Number(v) || 0 })} />
        </SimpleGrid>
        <Checkbox label={t("payouts.makeDefault")} checked={card.isDefault} onChange={(e) => setCard({ ...card, isDefault: e.currentTarget.checked })} />
        {(problem || add.isError) && (
          <Alert color="red" role="alert" title={t("manage.saveFailed")}>
            {problem ?? errorText(add.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("manage.cancel")}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t("payouts.saveCard")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function PayoutPage() {
  const formats = useFormats();
  const { t } = useTranslation();
  const balance = useBalanceDetail();
  const cards = useCards();
  const [page, setPage] = useState(1);
  const history = usePayoutRequests(page, HISTORY_PAGE);
  const makeDefault = useMakeDefault();
  const remove = useRemoveCard();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PayoutCard | null>(null);
  const b = balance.data;
  const cardRows = cards.data?.rows ?? [];
  const say = (error: unknown) => notifyError(error);

  return (
    <Stack gap="md" maw={PAGE_WIDTH.list} mx="auto">
      <Title order={1} fz="h2">
        {t("payouts.title")}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 3 }}>
        <Tile label={t("payouts.available")} value={b ? formats.money(b.availableToPayout) : null} />
        <Tile label={t("payouts.earned")} value={b ? formats.money(b.earned) : null} />
        <Tile label={t("payouts.fees")} value={b ? formats.money(b.fees) : null} />
        <Tile label={t("payouts.taxesCollected")} value={b ? formats.money(b.taxesCollected) : null} />
        <Tile label={t("payouts.pending")} value={b ? formats.money(b.pendingPayouts) : null} />
        <Tile label={t("payouts.paid")} value={b ? formats.money(b.paidPayouts) : null} />
      </SimpleGrid>
      <Section title={t("payouts.request")}>
        <RequestForm cards={cardRows} />
      </Section>
      <Section title={t("payouts.cards")}>
        <Stack gap="sm">
          {cards.isPending ? (
            <Skeleton height={40} />
          ) : cardRows.length === 0 ? (
            <Text c="dimmed">{t("payouts.noCards")}</Text>
          ) : (
            // On a phone the cards' table scrolls within the page rather than widening it.
            <Table.ScrollContainer minWidth={0} type="native">
              <Table>
                <Table.Tbody>
                  {cardRows.map((card) => (
                    <Table.Tr key={card.id}>
                      <Table.Td fw={600} tt="capitalize">
                        {card.brand} {card.maskedNumber}
                      </Table.Td>
                      <Table.Td>{card.holder}</Table.Td>
                      <Table.Td>
                        {String(card.expMonth).padStart(2, "0")}/{card.expYear}
                      </Table.Td>
                      <Table.Td>{card.isDefault && <Badge variant="light">{t("payouts.default")}</Badge>}</Table.Td>
                      <Table.Td ta="right">
                        <Group gap="xs" justify="flex-end">
                          {!card.isDefault && (
                            <Button size="xs" variant="subtle" onClick={() => makeDefault.mutate(card.id, { onError: say })}>
                              {t("payouts.makeDefault")}
                            </Button>
                          )}
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setRemoving(card)}
                            aria-label={t("payouts.removeCard", { card: card.maskedNumber })}
                          >
                            {t("manage.delete")}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {adding ? (
            <CardForm onDone={() => setAdding(false)} />
          ) : (
            <Group>
              <Button variant="light" onClick={() => setAdding(true)}>
                {t("payouts.addCard")}
              </Button>
            </Group>
          )}
        </Stack>
      </Section>
      <Section title={t("payouts.testMode.title")}>
        <TestModeSection />
      </Section>
      <Section title={t("payouts.settings")}>
        <SettingsForm cards={cardRows} />
      </Section>
      <Section title={t("payouts.history")}>
        {history.isPending ? (
          <Skeleton height={40} />
        ) : (history.data?.rows.length ?? 0) === 0 ? (
          <Text c="dimmed">{t("payouts.noHistory")}</Text>
        ) : (
          <Stack gap="xs">
            <Table>
              <Table.Tbody>
                {history.data?.rows.map((request) => (
                  <Table.Tr key={request.id}>
                    <Table.Td fw={600}>{formats.money(request.amount)}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOURS[request.status] ?? "gray"}>
                        {t(`payouts.statuses.${request.status}`, { defaultValue: request.status })}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{formats.date(new Date(request.createdDate).getTime())}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {(history.data?.total ?? 0) > HISTORY_PAGE && (
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {t("manage.previous")}
                </Button>
                <Button size="xs" variant="default" disabled={page * HISTORY_PAGE >= (history.data?.total ?? 0)} onClick={() => setPage(page + 1)}>
                  {t("manage.next")}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Section>
      <ConfirmDialog
        opened={removing !== null}
        question={t("payouts.removeQuestion", { card: removing?.maskedNumber ?? "" })}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const card = removing;
          setRemoving(null);
          if (card) remove.mutate(card.id, { onError: say });
        }}
      />
    </Stack>
  );
}
