// The words of "Continue on another device" in every language: its dialog at a table and the /continue page. They
// load with those (the table page carries only its button's label, the log line and the refusals).

const en = {
  'device.title': 'Continue on another device',
  'device.scan': 'Scan the QR code with your phone’s camera, or open {page} on the other device and type the code. Both devices then hold your seat.',
  'device.code': 'Code',
  'device.qr': 'QR code of the link that takes your other device to this seat',
  'device.expires': 'Works once, for {n} more {n:minute|minutes}.',
  'device.expired': 'This code has expired: make a new one.',
  'device.another': 'New code',
  'device.making': 'Making a code…',
  'device.joined': 'Done: your other device holds this seat too. Play on either.',
  'device.close': 'Close',
  'continue.title': 'Continue on this device',
  'continue.explain': 'On the device that has your seat, choose “Continue on another device” and type the code it shows here, or scan its QR code.',
  'continue.label': 'Code',
  'continue.placeholder': 'like 7KQ2-M9XA-3TRD',
  'continue.submit': 'Continue',
  'continue.busy': 'Joining…',
  'continue.invalid': 'A code is 12 letters and digits, like 7KQ2-M9XA-3TRD.',
} as const;

export type DeviceKey = keyof typeof en;

const nl: Record<DeviceKey, string> = {
  'device.title': 'Verder op een ander apparaat',
  'device.scan': 'Scan de QR-code met de camera van je telefoon, of open {page} op het andere apparaat en typ de code. Daarna hebben beide apparaten je plaats.',
  'device.code': 'Code',
  'device.qr': 'QR-code van de link die je andere apparaat naar deze plaats brengt',
  'device.expires': 'Werkt één keer, nog {n} {n:minuut|minuten}.',
  'device.expired': 'Deze code is verlopen: maak een nieuwe.',
  'device.another': 'Nieuwe code',
  'device.making': 'Code maken…',
  'device.joined': 'Klaar: je andere apparaat heeft deze plaats nu ook. Speel op welk je wilt.',
  'device.close': 'Sluiten',
  'continue.title': 'Verder op dit apparaat',
  'continue.explain': 'Kies op het apparaat met je plaats “Verder op een ander apparaat” en typ hier de code die het toont, of scan de QR-code.',
  'continue.label': 'Code',
  'continue.placeholder': 'zoals 7KQ2-M9XA-3TRD',
  'continue.submit': 'Verder',
  'continue.busy': 'Aansluiten…',
  'continue.invalid': 'Een code heeft 12 letters en cijfers, zoals 7KQ2-M9XA-3TRD.',
};

const es: Record<DeviceKey, string> = {
  'device.title': 'Seguir en otro dispositivo',
  'device.scan': 'Escanea el código QR con la cámara del móvil, o abre {page} en el otro dispositivo y escribe el código. Después, los dos dispositivos tienen tu asiento.',
  'device.code': 'Código',
  'device.qr': 'Código QR del enlace que lleva tu otro dispositivo a este asiento',
  'device.expires': 'Sirve una vez, durante {n} {n:minuto|minutos} más.',
  'device.expired': 'Este código ha caducado: crea uno nuevo.',
  'device.another': 'Código nuevo',
  'device.making': 'Creando un código…',
  'device.joined': 'Listo: tu otro dispositivo también tiene este asiento. Juega en el que quieras.',
  'device.close': 'Cerrar',
  'continue.title': 'Seguir en este dispositivo',
  'continue.explain': 'En el dispositivo que tiene tu asiento, elige «Seguir en otro dispositivo» y escribe aquí el código que muestra, o escanea su código QR.',
  'continue.label': 'Código',
  'continue.placeholder': 'como 7KQ2-M9XA-3TRD',
  'continue.submit': 'Seguir',
  'continue.busy': 'Uniéndose…',
  'continue.invalid': 'Un código tiene 12 letras y cifras, como 7KQ2-M9XA-3TRD.',
};

export const deviceWords = { en, nl, es } as const;
