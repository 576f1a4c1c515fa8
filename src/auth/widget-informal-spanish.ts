/**
 * The Sign-In Widget's Spanish texts that Gatehouse's flows show (primary authentication, the e-mail reset, the
 * recovery question, a new or expired password, TOTP enrolment and verification, and the errors of these), in the
 * informal register (tú) the whole product uses (docs/i18n.md): the widget's own `login_es.json` speaks to the person as
 * usted. Handed to the widget as its `i18n.es` (sign-in-widget.ts), so its own file stays as published; the test
 * (tests/unit/auth/widget-informal-spanish.test.ts) fails when a text of these flows still uses usted.
 */
/* eslint-disable lingui/no-unlocalized-strings -- the widget's own texts, which it reads from its i18n option, not Lingui */
export const informalSpanish: Readonly<Record<string, string>> = {
  needhelp: '¿Necesitas ayuda para iniciar sesión?',
  forgotpassword: '¿Olvidaste la contraseña?',
  'error.expired.session': 'Tu sesión caducó. Vuelve a iniciar sesión.',
  'error.auth.lockedOut': 'Tu cuenta está bloqueada. Comunícate con tu administrador.',
  'error.network.connection': 'No es posible conectarse al servidor. Comprueba tu conexión de red.',
  'error.username.required': 'Escribe un nombre de usuario',
  'error.password.required': 'Escribe una contraseña',
  'errors.E0000069': 'Tu cuenta se bloqueó por demasiados intentos de autenticación.',
  'errors.E0000047': 'Superaste el número máximo de solicitudes. Vuelve a intentarlo más tarde.',
  'errors.E0000082': 'Cada código solo se puede usar una vez. Espera a tener un código nuevo y vuelve a intentarlo.',
  'errors.E0000106': 'Espera a que el token cambie y escribe el código nuevo.',
  'errors.E0000119': 'Tu cuenta está bloqueada. Comunícate con tu administrador.',
  'errors.E0000207': 'El nombre de usuario o la contraseña que escribiste no son correctos. Vuelve a intentarlo.',
  'oform.errorbanner.title': 'Encontramos algunos errores. Revisa el formulario y corrígelo.',
  'oform.errormsg.title': 'Revisa el formulario para corregir estos errores:',
  'oform.error.unexpected': 'Se produjo un error interno inesperado. Vuelve a intentarlo.',
  'oform.error.webfinger':
    'No es posible saber cómo se identifica este usuario. Comunícate con tu administrador para pedir ayuda.',
  'factor.totpSoft.description': 'Escribe un código de un solo uso de la aplicación móvil.',
  'mfa.challenge.enterCode.placeholder': 'Escribe el código',
  'mfa.challenge.enterCode.tooltip': 'Escribe el código',
  'enroll.choices.description':
    'Tu empresa exige una autenticación multifactor como precaución añadida para acceder a tu cuenta de Okta',
  'enroll.choices.description.generic':
    'Tu empresa exige una autenticación multifactor, una capa de seguridad más cuando accedes a tu cuenta',
  'enroll.choices.description.specific':
    'Tu empresa exige una autenticación multifactor, una capa de seguridad más cuando accedes a tu cuenta de {0}',
  'enroll.choices.description.gracePeriod.bold':
    'Tu empresa recomienda configurar más factores de autenticación. Serán obligatorios en: <b>{0} día(s)</b>.',
  'enroll.choices.description.gracePeriod.oneDay.bold':
    'Tu empresa recomienda configurar más factores de autenticación. Serán obligatorios en: <b>menos de 1 día</b>.',
  'enroll.choices.optional': 'Puedes configurar otros factores o hacer clic en Finalizar',
  'enroll.totp.selectDevice': 'Elige el tipo de dispositivo',
  'enroll.totp.downloadApp': 'Descarga <a href="{0}" class="inline-link">{1} de {2}</a> en tu dispositivo móvil.',
  'enroll.totp.enterCode': 'Escribe el código que muestra la aplicación',
  'enroll.totp.setupApp':
    'Abre {0} en tu dispositivo móvil y elige "Añadir una cuenta". Escanea el código QR para continuar.',
  'enroll.totp.setupGoogleAuthApp': 'Abre {0}, toca el icono "+" y elige "Escanear código QR".',
  'enroll.totp.cannotScan': '¿No puedes escanear?',
  'enroll.totp.cannotScanBarcode': '¿No puedes escanear el código QR?',
  'enroll.totp.manualSetupInstructions':
    'Para configurarlo a mano, escribe el nombre de usuario de tu cuenta de Okta y luego esto en el campo Clave secreta',
  'enroll.totp.manualSetupInstructions.generic':
    'Para configurarlo a mano, escribe el nombre de usuario de tu cuenta y luego esto en el campo Clave secreta',
  'enroll.totp.manualSetupInstructions.specific':
    'Para configurarlo a mano, escribe el nombre de usuario de tu cuenta de {0} y luego esto en el campo Clave secreta',
  'enroll.totp.sharedSecretInstructions':
    'Escribe el nombre de usuario de tu cuenta de Okta y luego esto en el campo Clave secreta',
  'enroll.totp.sharedSecretInstructions.generic':
    'Escribe el nombre de usuario de tu cuenta y luego esto en el campo Clave secreta',
  'enroll.totp.sharedSecretInstructions.specific':
    'Escribe el nombre de usuario de tu cuenta de {0} y luego esto en el campo Clave secreta',
  'enroll.totp.enrollViaEmail.msg': 'Abre el correo desde tu dispositivo móvil.',
  'enroll.totp.enrollViaSms.msg': 'Abre el SMS en tu dispositivo móvil.',
  'mfa.challenge.title': 'Escribe tu código de acceso de {0}',
  'mfa.challenge.orEnterCode': 'O escribe el código',
  'mfa.challenge.totp.subtitle.multiple': 'Escribe el código de cualquier dispositivo {0} registrado.',
  'password.forgot.emailSent.desc': 'Enviamos un correo a {0} con las instrucciones para restablecer tu contraseña.',
  'password.forgot.code.notReceived': '¿No recibiste un código? Restablécela por correo electrónico',
  'password.forgot.noFactorsEnabled': 'No hay forma de restablecer la contraseña. Comunícate con tu administrador.',
  'password.complexity.history': 'Tu contraseña no puede ser ninguna de tus últimas {0} contraseñas.',
  'password.complexity.minAgeMinutes':
    'Deben pasar por lo menos {0} minuto(s) desde la última vez que cambiaste tu contraseña.',
  'password.complexity.minAgeHours':
    'Deben pasar por lo menos {0} hora(s) desde la última vez que cambiaste tu contraseña.',
  'password.complexity.minAgeDays':
    'Deben pasar por lo menos {0} día(s) desde la última vez que cambiaste tu contraseña.',
  'password.reset.verification': 'Verifica tu identidad con uno de estos factores para restablecer tu contraseña.',
  'password.complexity.no_username': 'no incluir ninguna parte de tu nombre de usuario',
  'password.complexity.no_first_name': 'no incluir tu nombre',
  'password.complexity.no_last_name': 'no incluir tu apellido',
  'password.complexity.no_username.description': 'No puede incluir ninguna parte de tu nombre de usuario.',
  'password.complexity.no_first_name.description': 'No puede incluir tu nombre.',
  'password.complexity.no_last_name.description': 'No puede incluir tu apellido.',
  'password.complexity.history.one.description': 'Tu contraseña no puede ser igual a la última.',
  'password.complexity.history.description': 'Tu contraseña no puede ser ninguna de tus últimas {0} contraseñas.',
  'password.complexity.minAgeMinutes.description':
    'Deben pasar por lo menos {0} minuto(s) desde la última vez que cambiaste tu contraseña.',
  'password.complexity.minAgeHours.description':
    'Deben pasar por lo menos {0} hora(s) desde la última vez que cambiaste tu contraseña.',
  'password.complexity.minAgeDays.description':
    'Deben pasar por lo menos {0} día(s) desde la última vez que cambiaste tu contraseña.',
  'password.expired.title': 'Tu contraseña de Okta caducó',
  'password.expired.custom.subtitle':
    'Esta contraseña se usa en otro sitio web. Haz clic en el botón de abajo para ir a ese sitio y elegir una nueva.',
};
/* eslint-enable lingui/no-unlocalized-strings */
