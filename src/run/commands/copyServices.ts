import { InvalidInputError } from "../../errors/index.js";
import { isService, type Service, services } from "../../verify/verifier.js";

/**
 * The services of a copy, as a door's flags give them: the one it reads from, and those it verifies on (comma- or
 * space-separated, each once, never the one read from).
 *
 * @param from - the flag naming the service read from, and its text; `called`, its name inside a sentence (else the flag)
 * @param to - the flag naming the services verified on, and its text
 * @returns the services, and the flag naming Blockscout among them (a refusal of its explorer's URL names it)
 * @throws {InvalidInputError} for a name that is not a service, no service to verify on, or a copy to its source
 */
export function copyServices(
  from: { flag: string; text: string | undefined; called?: string },
  to: { flag: string; text: string | undefined },
): { from: Service; to: Service[]; blockscoutFlag: string } {
  const source = from.text?.trim() ?? "";
  if (!isService(source))
    throw new InvalidInputError(
      "from",
      `${from.flag} names the service to read from: one of ${services.join(", ")}${source ? `, got "${source}"` : ""}.`,
    );
  const words = [...new Set((to.text ?? "").split(/[\s,]+/).filter((word) => word !== ""))];
  if (words.length === 0)
    throw new InvalidInputError(
      "to",
      `${to.flag} names the services to verify on, comma-separated: ${services.join(", ")}.`,
    );
  const onto: Service[] = [];
  for (const word of words) {
    if (!isService(word))
      throw new InvalidInputError("to", `${to.flag}: "${word}" is not one of ${services.join(", ")}.`);
    if (word === source)
      throw new InvalidInputError(
        "to",
        `${to.flag} names ${source}, which ${from.called ?? from.flag} reads from: a copy goes to the other services.`,
      );
    onto.push(word);
  }
  return { from: source, to: onto, blockscoutFlag: source === "blockscout" ? from.flag : to.flag };
}
