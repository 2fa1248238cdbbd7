"""Signing in to a Matrix homeserver, keeping the access token, and logging out.

No password is ever stored (online.md, "Security"): it is sent once, to the
homeserver's login, and what is kept is the access token it returns (or the
one the player gave), in ``matrix-account.json`` in the user config folder,
readable by the user alone (mode 0600). Logging out asks the homeserver to
end the token and forgets it here, even when the homeserver cannot be reached
(then the player is told it is still valid there).

Every way signing in can fail is a refusal with a sentence for the player
(a wrong address, no answer, not a Matrix server, a wrong password, a token
not accepted), never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Awaitable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import nio

from accessible_dice.errors import N_, DiceError, InvalidInput
from accessible_dice.storage import config_dir, move_aside, write_atomic

log = logging.getLogger(__name__)

#: The file in the user config folder that keeps the sign-in.
ACCOUNT_FILE = "matrix-account.json"
#: The device name the homeserver shows in the player's list of sessions.
DEVICE_NAME = "accessible-dice"
#: Seconds one request to the homeserver may take while signing in or out.
REQUEST_SECONDS = 10.0
#: Seconds the homeserver's own address (``.well-known``) may take to be found; else the address typed is used.
DISCOVERY_SECONDS = 4.0
#: Seconds a whole sign-in may take, whatever the address does (one that accepts the connection and never
#: answers included): then it is :class:`NoAnswer`, said, and the player asked what to do.
SIGN_IN_SECONDS = 15.0
#: What the homeserver's own messages are cut to before they are said.
MESSAGE_LENGTH = 200


class BadAddress(InvalidInput):
    # Translators: signing in online: what was typed is no web address; {address} is it.
    template = N_("{address} is not a homeserver address; type one like https://matrix.org.")


class NoAnswer(DiceError):
    # Translators: signing in online: nothing answered at the homeserver's address; {address} is it.
    template = N_("No homeserver answers at {address}. Check the address and the network connection.")


class NotAHomeserver(DiceError):
    # Translators: signing in online: a web server answered, but it is no Matrix homeserver; {address} is it.
    template = N_("{address} does not answer as a Matrix homeserver.")


class WrongPassword(DiceError):
    # Translators: signing in online: the homeserver refused the user name or password; {user} is the name.
    template = N_("The homeserver refused the sign-in of {user}: the user name or the password is wrong.")


class TokenRefused(DiceError):
    # Translators: the homeserver does not accept the access token (given, or kept from an earlier sign-in).
    template = N_("The homeserver does not accept the access token; sign in again.")


class SignedOut(DiceError):
    # Translators: the homeserver ended this program's sign-in (the token was revoked, or the session ended in
    # another Matrix app); the player signs in again.
    template = N_("You were signed out of this homeserver; sign in again.")


class HomeserverRefused(DiceError):
    # Translators: the homeserver refused for another reason; {reason} is its own message, often in English.
    template = N_("The homeserver refused: {reason}")


class NoUser(InvalidInput):
    # Translators: signing in online with a password but no user name.
    template = N_("Type your user name, like anna or @anna:matrix.org.")


class NotKept(DiceError):
    # Translators: the sign-in worked but could not be written to the config folder; {reason} is the system's.
    template = N_("The sign-in could not be kept, so it holds for this time only: {reason}.")


class AccountMovedAside(DiceError):
    # Translators: the kept sign-in file was damaged; {path} is where it was moved. The player signs in again.
    template = N_("The kept sign-in could not be read and was moved to {path}; sign in again.")


@dataclass(frozen=True)
class Account:
    """A signed-in Matrix user: what every online part needs to talk to the homeserver as them."""

    homeserver: str
    user_id: str
    device_id: str
    access_token: str

    def client(self) -> nio.AsyncClient:
        """A matrix-nio client signed in as this account (not yet syncing); the caller closes it."""
        client = nio.AsyncClient(self.homeserver, self.user_id, device_id=self.device_id, config=_config())
        client.restore_login(self.user_id, self.device_id, self.access_token)
        return client


def account_path() -> Path:
    """Where the sign-in is kept: the user config folder (``$ACCESSIBLE_DICE_CONFIG`` in tests)."""
    return config_dir() / ACCOUNT_FILE


def _config() -> nio.AsyncClientConfig:
    """Requests that give up after one timeout, so a dead address is said in seconds, not minutes."""
    return nio.AsyncClientConfig(max_timeouts=1, request_timeout=REQUEST_SECONDS, max_timeout_retry_wait_time=1)


def homeserver_url(typed: str) -> str:
    """The homeserver's base URL from what the player typed: ``matrix.org`` means ``https://matrix.org``.

    Anything that is not an http(s) address with a host is refused with an example.
    """
    text = typed.strip()
    url = text if "://" in text else f"https://{text}"
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - a port that is no number raises here
    except ValueError:
        raise BadAddress(address=text) from None
    if parts.scheme not in ("http", "https") or not parts.hostname or any(c.isspace() for c in text):
        raise BadAddress(address=text)
    return url.rstrip("/")


async def sign_in(typed_address: str, user: str, *, password: str | None = None,
                  token: str | None = None) -> Account:
    """Sign in with a password (sent once, never kept) or check a given access token; the account.

    The homeserver's own address is looked up first (``.well-known``), so
    ``matrix.org`` finds ``https://matrix-client.matrix.org``. Raises a
    refusal that says why it failed.
    """
    address = homeserver_url(typed_address)
    if token is None and not user.strip():
        raise NoUser()
    try:
        return await asyncio.wait_for(_signed_in(address, typed_address, user, password, token), SIGN_IN_SECONDS)
    except asyncio.TimeoutError:
        log.info("no answer from %s in %s s", address, SIGN_IN_SECONDS)
        raise NoAnswer(address=typed_address) from None


async def _signed_in(address: str, typed_address: str, user: str, password: str | None,
                     token: str | None) -> Account:
    base = await _discovered(address)
    client = nio.AsyncClient(base, user.strip(), config=_config())
    try:
        if token is not None:
            client.access_token = token.strip()
            whoami = await _answer(client.whoami(), typed_address)
            if isinstance(whoami, nio.WhoamiResponse):
                return Account(base, whoami.user_id, whoami.device_id or "", token.strip())
            raise _refusal(whoami, typed_address, user, token=True)
        login = await _answer(client.login(password or "", device_name=DEVICE_NAME), typed_address)
        if isinstance(login, nio.LoginResponse):
            return Account(base, login.user_id, login.device_id, login.access_token)
        raise _refusal(login, typed_address, user, token=False)
    finally:
        await client.close()


async def _discovered(address: str) -> str:
    """The base URL the homeserver's ``.well-known/matrix/client`` names, else ``address`` itself."""
    client = nio.AsyncClient(address, config=_config())
    try:
        found = await asyncio.wait_for(client.discovery_info(), DISCOVERY_SECONDS)
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError):
        return address
    finally:
        await client.close()
    if isinstance(found, nio.DiscoveryInfoResponse) and found.homeserver_url:
        try:
            return homeserver_url(found.homeserver_url)
        except BadAddress:
            log.info("the homeserver at %s names a bad base URL: %r", address, found.homeserver_url)
    return address


async def _answer(request: Awaitable[Any], address: str) -> Any:
    """The homeserver's answer to ``request`` (a coroutine); a network failure is :class:`NoAnswer`."""
    try:
        return await request
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError, ValueError) as error:
        log.info("no answer from %s: %s", address, error)
        raise NoAnswer(address=address) from None


def _refusal(response: nio.Response, address: str, user: str, *, token: bool) -> DiceError:
    """The refusal an error response means."""
    code = getattr(response, "status_code", None)
    message = " ".join(str(getattr(response, "message", "") or "").split())[:MESSAGE_LENGTH]
    if code in ("M_UNKNOWN_TOKEN", "M_MISSING_TOKEN") or (token and code == "M_FORBIDDEN"):
        return TokenRefused()
    if code == "M_FORBIDDEN":
        return WrongPassword(user=user.strip())
    if code in (None, "M_UNRECOGNIZED") or not str(code).startswith("M_"):
        return NotAHomeserver(address=address)
    return HomeserverRefused(reason=message or str(code))


def keep(account: Account, path: Path | None = None) -> None:
    """Write the sign-in (never a password) readable by the user alone; :class:`NotKept` says why it failed."""
    where = path or account_path()
    try:
        write_atomic(where, json.dumps(asdict(account), indent=1) + "\n")
        os.chmod(where, 0o600)
    except OSError as error:
        raise NotKept(reason=error.strerror or str(error)) from None


def kept(path: Path | None = None) -> Account | None:
    """The kept sign-in, or ``None``; a damaged file is moved aside (:class:`AccountMovedAside` names it)."""
    where = path or account_path()
    try:
        text = where.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except OSError as error:
        raise NotKept(reason=error.strerror or str(error)) from None
    try:
        data = json.loads(text)
        account = Account(**{key: data[key] for key in ("homeserver", "user_id", "device_id", "access_token")})
        if all(isinstance(value, str) for value in asdict(account).values()) and account.access_token:
            return account
    except (ValueError, TypeError, KeyError):
        pass
    raise AccountMovedAside(path=str(move_aside(where)))


def forget(path: Path | None = None) -> None:
    """Remove the kept sign-in, if there is one."""
    (path or account_path()).unlink(missing_ok=True)


async def log_out(account: Account, path: Path | None = None) -> bool:
    """End the access token on the homeserver and forget it here; whether the homeserver was told.

    The token is forgotten here in any case: the player asked to be signed out.
    """
    forget(path)
    client = account.client()
    try:
        ended = await asyncio.wait_for(client.logout(), SIGN_IN_SECONDS)
    except (aiohttp.ClientError, OSError, asyncio.TimeoutError, ValueError) as error:
        log.info("the homeserver could not be told of the logout: %s", error)
        return False
    finally:
        await client.close()
    return isinstance(ended, nio.LogoutResponse)
